import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { api, type Completion } from '@serving-console/contract'
import { clientGone } from '../../http/client-gone.js'
import { HttpError } from '../../http/http-error.js'
import { serve } from '../../http/serve.js'
import { generationParams } from '../runtime/generation-params.js'
import type { ModelManager } from '../runtime/model-manager.js'
import type { EmbedResult, GenerationResult, RerankResult, WorkerRequest } from '../runtime/protocol.js'
import type { RequestOutcome } from '../runtime/request-outcome.js'
import type { RunningModel, ServeOptions } from '../runtime/running-model.js'

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * How an inference request ended (request-outcome.ts): status, tokens, first token and duration, as the
     * meters and the model's usage counted it. Absent where no model took it (refused before admission).
     */
    outcome?: RequestOutcome
  }
}

const usageOf = (result: GenerationResult) => ({
  prompt_tokens: result.prompt_tokens,
  completion_tokens: result.completion_tokens,
  total_tokens: result.prompt_tokens + result.completion_tokens,
})

/** What an inference route gives the model it asks: `ServeOptions`, and why a stream was stopped for a budget. */
export interface Caller extends ServeOptions {
  /** The budget that ran out while the answer streamed, in words; null when none did (quota/quota.ts). */
  stoppedFor: () => string | null
}

/**
 * Who asks, for the fair queue (a signed-in user or key by name, else the address); the signal that says they
 * went away (or, for a stream, that a budget ran out); where the request's outcome is kept for the audit trail;
 * and the request's place in its limits' counters, told its tokens as they come and its outcome.
 */
export function caller(request: FastifyRequest, reply: FastifyReply, stream = false): Caller {
  const ticket = request.quotaTicket
  const gone = clientGone(reply)
  return {
    signal: ticket && stream ? AbortSignal.any([gone, ticket.signal]) : gone,
    client: request.identity ? `user:${request.identity.username}` : `address:${request.ip}`,
    ...(ticket && { onAdmitted: () => (ticket.modelTook = true) }),
    // Only a stream's tokens are counted as they come (a whole answer's at its end): a request with `onChunk` is a
    // stream to the model's meters.
    ...(ticket && stream && { onChunk: () => ticket.token(1, true) }),
    onOutcome: (outcome) => {
      request.outcome = outcome
      ticket?.onOutcome(outcome)
    },
    stoppedFor: () => ticket?.stoppedFor ?? null,
  }
}

/** OpenAI-compatible inference, routed by `model` (the uid) to the model's replicas, round-robin. */
export async function openaiRoutes(app: FastifyInstance, options: { models: ModelManager }) {
  const model = (uid: string, kind: RunningModel['plan']['kind']): RunningModel => {
    const found = options.models.get(uid)
    if (found.plan.kind !== kind)
      throw new HttpError(400, `Model ${uid} is a ${found.plan.type} model and does not serve this route`)
    return found
  }

  /** Runs a generation, streamed as SSE `data:` chunks then `data: [DONE]`, or answered whole. */
  async function generate(
    reply: FastifyReply,
    caller: Caller,
    running: RunningModel,
    request: WorkerRequest,
    stream: boolean,
    includeUsage: boolean,
    shape: {
      object: Completion['object']
      chunkObject: string
      chunk: (text: string) => unknown
      done: (finish: string) => unknown
      whole: (result: GenerationResult) => Completion['choices'][number]
    },
  ): Promise<Completion | undefined> {
    const id = `${shape.object === 'chat.completion' ? 'chatcmpl' : 'cmpl'}-${randomUUID()}`
    const created = Math.floor(Date.now() / 1000)
    const envelope = (object: string, choices: unknown) => ({
      id,
      object,
      created,
      model: running.uid,
      choices,
    })
    if (!stream) {
      const result = await running.serve<GenerationResult>(request, caller)
      return {
        id,
        object: shape.object,
        created,
        model: running.uid,
        choices: [shape.whole(result)],
        usage: usageOf(result),
      }
    }
    const write = (data: unknown) =>
      reply.raw.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)
    // Refusals (not ready, over the request limit) throw here, before the stream starts, as HTTP errors.
    const answer = running.serve<GenerationResult>(request, {
      ...caller,
      onChunk: (text) => {
        // Once a budget has run out, what the model still sends before it stops is not shown.
        const stopped = caller.stoppedFor() !== null
        caller.onChunk?.(text)
        if (!stopped) write(envelope(shape.chunkObject, [shape.chunk(text)]))
      },
    })
    reply.hijack()
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    })
    // OpenAI streams name the role once, in the first chunk.
    if (shape.object === 'chat.completion') {
      write(
        envelope(shape.chunkObject, [
          { index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null },
        ]),
      )
    }
    try {
      const result = await answer
      const stopped = caller.stoppedFor()
      write(envelope(shape.chunkObject, [shape.done(stopped ? 'length' : result.finish_reason)]))
      if (includeUsage) write({ ...envelope(shape.chunkObject, []), usage: usageOf(result) })
      // As any error mid-stream: a data event, the status is already 200 (the next request gets the 429).
      if (stopped) write({ error: stopped })
    } catch (error) {
      // As upstream: an error mid-stream arrives as a data event, the status is already 200.
      write({ error: error instanceof Error ? error.message : String(error) })
    } finally {
      write('[DONE]')
      reply.raw.end()
    }
    return undefined
  }

  serve(app, api.createChatCompletion, (request, reply) => {
    const body = request.body
    const messages = body.messages.map(({ role, content }) => ({ role, content }))
    const running = model(body.model, 'chat')
    return generate(
      reply,
      caller(request, reply, Boolean(body.stream)),
      running,
      { op: 'chat', messages, params: generationParams(body, running.contextSize) },
      Boolean(body.stream),
      Boolean(body.stream_options?.include_usage),
      {
        object: 'chat.completion',
        chunkObject: 'chat.completion.chunk',
        chunk: (text) => ({ index: 0, delta: { content: text }, finish_reason: null }),
        done: (finish) => ({ index: 0, delta: {}, finish_reason: finish }),
        whole: (result) => ({
          index: 0,
          message: { role: 'assistant', content: result.text },
          finish_reason: result.finish_reason,
        }),
      },
    )
  })

  serve(app, api.createCompletion, (request, reply) => {
    const body = request.body
    const running = model(body.model, 'chat')
    return generate(
      reply,
      caller(request, reply, Boolean(body.stream)),
      running,
      { op: 'complete', prompt: body.prompt, params: generationParams(body, running.contextSize) },
      Boolean(body.stream),
      Boolean(body.stream_options?.include_usage),
      {
        object: 'text_completion',
        chunkObject: 'text_completion',
        chunk: (text) => ({ index: 0, text, finish_reason: null }),
        done: (finish) => ({ index: 0, text: '', finish_reason: finish }),
        whole: (result) => ({ index: 0, text: result.text, finish_reason: result.finish_reason }),
      },
    )
  })

  serve(app, api.createEmbedding, async (request, reply) => {
    const running = model(request.body.model, 'embedding')
    const inputs = [request.body.input].flat()
    const result = await running.serve<EmbedResult>({ op: 'embed', inputs }, caller(request, reply))
    return {
      object: 'list' as const,
      model: running.uid,
      data: result.embeddings.map((embedding, index) => ({
        object: 'embedding' as const,
        index,
        // The openai client asks for base64: little-endian float32, as OpenAI sends.
        embedding:
          request.body.encoding_format === 'base64'
            ? Buffer.from(new Float32Array(embedding).buffer).toString('base64')
            : embedding,
      })),
      usage: { prompt_tokens: result.prompt_tokens, total_tokens: result.prompt_tokens },
    }
  })

  serve(app, api.rerankDocuments, async (request, reply) => {
    const body = request.body
    const running = model(body.model, 'rerank')
    const result = await running.serve<RerankResult>(
      { op: 'rerank', query: body.query, documents: body.documents },
      caller(request, reply),
    )
    const ranked = result.scores
      .map((relevance_score, index) => ({
        index,
        relevance_score,
        document: body.return_documents ? { text: body.documents[index] ?? '' } : null,
      }))
      .sort((a, b) => b.relevance_score - a.relevance_score)
      .slice(0, body.top_n ?? undefined)
    return {
      id: randomUUID(),
      results: ranked,
      meta: {
        api_version: null,
        billed_units: null,
        tokens: body.return_len ? { input_tokens: result.input_tokens, output_tokens: 0 } : null,
        warnings: null,
      },
    }
  })
}
