import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { HttpError } from '../http-error.js'
import type { ModelManager } from '../runtime/model-manager.js'
import type {
  EmbedResult,
  GenerationParams,
  GenerationResult,
  RerankResult,
  WorkerRequest,
} from '../runtime/protocol.js'
import type { RunningModel } from '../runtime/running-model.js'
import type { ZodTypeProvider } from '../zod-type-provider.js'
import { specAndUpstream } from './paths.js'

/** Inputs are bounded here and by the body limit (1 MiB); generation by the model's context. */
const Text = z.string().max(1_000_000)
const Stop = z.union([z.string().max(200), z.array(z.string().max(200)).max(16)]).nullish()
const Tokens = z.number().int().positive().max(10_000_000)
const Generation = {
  model: z.string().min(1).max(200),
  max_tokens: Tokens.nullish(),
  /** OpenAI's newer name for max_tokens. */
  max_completion_tokens: Tokens.nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  stop: Stop,
  stream: z.boolean().nullish(),
}
const ChatBody = z.looseObject({
  ...Generation,
  messages: z
    .array(z.looseObject({ role: z.enum(['system', 'user', 'assistant']), content: Text }))
    .min(1)
    .max(1000),
})
const CompletionBody = z.looseObject({ ...Generation, prompt: Text })
const EmbeddingBody = z.looseObject({
  encoding_format: z.enum(['float', 'base64']).nullish(),
  model: z.string().min(1).max(200),
  input: z.union([Text, z.array(Text).min(1).max(2048)]),
})
const RerankBody = z.looseObject({
  model: z.string().min(1).max(200),
  query: Text,
  documents: z.array(Text).min(1).max(1000),
  top_n: z.number().int().positive().max(1000).nullish(),
  return_documents: z.boolean().nullish(),
  return_len: z.boolean().nullish(),
})

/** Generation settings; never more new tokens than the model's context holds. */
function params(
  body: z.infer<typeof CompletionBody> | z.infer<typeof ChatBody>,
  running: RunningModel,
): GenerationParams {
  const maxTokens = body.max_completion_tokens ?? body.max_tokens
  return {
    max_tokens: maxTokens ? Math.min(maxTokens, running.contextSize) : undefined,
    temperature: body.temperature ?? undefined,
    top_p: body.top_p ?? undefined,
    stop: body.stop === null || body.stop === undefined ? undefined : [body.stop].flat(),
  }
}

/** Aborts when the client goes away before its answer is complete, streamed or not. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return controller.signal
}

/** OpenAI-compatible inference, routed by `model` (the uid) to the model's replicas, round-robin. */
export async function openaiRoutes(app: FastifyInstance, options: { models: ModelManager }) {
  const typed = app.withTypeProvider<ZodTypeProvider>()

  const model = (uid: string, kind: RunningModel['plan']['kind']): RunningModel => {
    const found = options.models.get(uid)
    if (found.plan.kind !== kind)
      throw new HttpError(400, `Model ${uid} is a ${found.plan.type} model and does not serve this route`)
    return found
  }

  /** Runs a generation, streamed as SSE `data:` chunks then `data: [DONE]`, or answered whole. */
  async function generate(
    reply: FastifyReply,
    running: RunningModel,
    request: WorkerRequest,
    stream: boolean,
    shape: {
      object: string
      chunkObject: string
      chunk: (text: string) => unknown
      done: (finish: string) => unknown
      whole: (result: GenerationResult) => unknown
    },
  ) {
    const id = `${shape.object === 'chat.completion' ? 'chatcmpl' : 'cmpl'}-${randomUUID()}`
    const created = Math.floor(Date.now() / 1000)
    const envelope = (object: string, choices: unknown) => ({
      id,
      object,
      created,
      model: running.uid,
      choices,
    })
    const signal = clientGone(reply)
    if (!stream) {
      const result = await running.serve<GenerationResult>(request, { signal })
      return {
        ...envelope(shape.object, [shape.whole(result)]),
        usage: {
          prompt_tokens: result.prompt_tokens,
          completion_tokens: result.completion_tokens,
          total_tokens: result.prompt_tokens + result.completion_tokens,
        },
      }
    }
    const write = (data: unknown) =>
      reply.raw.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)
    // Refusals (not ready, over the request limit) throw here, before the stream starts, as HTTP errors.
    const answer = running.serve<GenerationResult>(request, {
      signal,
      onChunk: (text) => write(envelope(shape.chunkObject, [shape.chunk(text)])),
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
      write(envelope(shape.chunkObject, [shape.done(result.finish_reason)]))
    } catch (error) {
      // As upstream: an error mid-stream arrives as a data event, the status is already 200.
      write({ error: error instanceof Error ? error.message : String(error) })
    } finally {
      write('[DONE]')
      reply.raw.end()
    }
    return reply
  }

  for (const url of specAndUpstream('/api/v1/chat/completions')) {
    typed.post(url, { schema: { body: ChatBody } }, (request, reply) => {
      const body = request.body
      const messages = body.messages.map(({ role, content }) => ({ role, content }))
      const running = model(body.model, 'chat')
      return generate(
        reply,
        running,
        { op: 'chat', messages, params: params(body, running) },
        Boolean(body.stream),
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
  }

  for (const url of specAndUpstream('/api/v1/completions')) {
    typed.post(url, { schema: { body: CompletionBody } }, (request, reply) => {
      const body = request.body
      const running = model(body.model, 'chat')
      return generate(
        reply,
        running,
        { op: 'complete', prompt: body.prompt, params: params(body, running) },
        Boolean(body.stream),
        {
          object: 'text_completion',
          chunkObject: 'text_completion',
          chunk: (text) => ({ index: 0, text, finish_reason: null }),
          done: (finish) => ({ index: 0, text: '', finish_reason: finish }),
          whole: (result) => ({ index: 0, text: result.text, finish_reason: result.finish_reason }),
        },
      )
    })
  }

  for (const url of specAndUpstream('/api/v1/embeddings')) {
    typed.post(url, { schema: { body: EmbeddingBody } }, async (request, reply) => {
      const running = model(request.body.model, 'embedding')
      const inputs = [request.body.input].flat()
      const result = await running.serve<EmbedResult>({ op: 'embed', inputs }, { signal: clientGone(reply) })
      return {
        object: 'list',
        model: running.uid,
        data: result.embeddings.map((embedding, index) => ({
          object: 'embedding',
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
  }

  for (const url of specAndUpstream('/api/v1/rerank')) {
    typed.post(url, { schema: { body: RerankBody } }, async (request, reply) => {
      const body = request.body
      const running = model(body.model, 'rerank')
      const result = await running.serve<RerankResult>(
        { op: 'rerank', query: body.query, documents: body.documents },
        { signal: clientGone(reply) },
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
}
