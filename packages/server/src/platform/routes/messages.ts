import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { api, type Message, type MessagesRequest, type StopReason } from '@serving-console/contract'
import { HttpError } from '../../http/http-error.js'
import { serve } from '../../http/serve.js'
import { DEFAULT_TEMPERATURE } from '../runtime/generation-params.js'
import type { ModelManager } from '../runtime/model-manager.js'
import type { ChatMessage, GenerationResult, WorkerRequest } from '../runtime/protocol.js'
import type { RunningModel } from '../runtime/running-model.js'
import { messagesError, messagesErrorHandler } from './messages-errors.js'
import { caller, type Caller } from './openai.js'

type Content = MessagesRequest['system']

/** A string or text blocks as one text: blocks joined by a blank line, as upstream folds them. */
const textOf = (content: Content): string =>
  typeof content === 'string' ? content : (content ?? []).map((block) => block.text).join('\n\n')

/** Anthropic's body as the chat generation's request: the system prompt first, as a system message. */
function chatRequest(body: MessagesRequest, contextSize: number): WorkerRequest {
  const messages: ChatMessage[] = body.messages.map(({ role, content }) => ({
    role,
    content: textOf(content),
  }))
  if (body.system !== undefined) messages.unshift({ role: 'system', content: textOf(body.system) })
  return {
    op: 'chat',
    messages,
    params: {
      max_tokens: Math.min(body.max_tokens, contextSize),
      temperature: body.temperature ?? DEFAULT_TEMPERATURE,
      top_p: body.top_p,
      stop: body.stop_sequences?.length ? body.stop_sequences : undefined,
    },
  }
}

/**
 * The engine says `stop` for its end of turn and for a stop sequence alike, so which sequence stopped it is not
 * known: `end_turn`, as upstream's conversion answers (docs/platform.md, the Messages API).
 */
const stopReason = (result: GenerationResult): StopReason =>
  result.finish_reason === 'length' ? 'max_tokens' : 'end_turn'

/** Anthropic's server-sent event: its name on an `event:` line, then the same type in the data. */
const event = (reply: FastifyReply, type: string, data: Record<string, unknown>) =>
  reply.raw.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`)

/** Streams the generation as Anthropic's events, from `message_start` to `message_stop`. */
async function streamMessage(
  reply: FastifyReply,
  options: Caller,
  running: RunningModel,
  request: WorkerRequest,
) {
  const id = `msg_${randomUUID().replaceAll('-', '')}`
  // Refusals (not ready, over the request limit) throw here, before the stream starts, as HTTP errors.
  const answer = running.serve<GenerationResult>(request, {
    ...options,
    onChunk: (text) => {
      // Once a budget has run out, what the model still sends before it stops is not shown.
      const stopped = options.stoppedFor() !== null
      options.onChunk?.(text)
      if (!stopped) event(reply, 'content_block_delta', { index: 0, delta: { type: 'text_delta', text } })
    },
  })
  reply.hijack()
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  })
  const message = { id, type: 'message', role: 'assistant', model: running.uid, content: [] }
  event(reply, 'message_start', {
    message: {
      ...message,
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0 },
    },
  })
  event(reply, 'content_block_start', { index: 0, content_block: { type: 'text', text: '' } })
  event(reply, 'ping', {})
  try {
    const result = await answer
    const stopped = options.stoppedFor()
    event(reply, 'content_block_stop', { index: 0 })
    event(reply, 'message_delta', {
      delta: { stop_reason: stopped ? 'max_tokens' : stopReason(result), stop_sequence: null },
      usage: { input_tokens: result.prompt_tokens, output_tokens: result.completion_tokens },
    })
    event(reply, 'message_stop', {})
    // A budget that ran out mid-stream: said as Anthropic says an error mid-stream (the next request gets the 429).
    if (stopped) event(reply, 'error', messagesError(429, stopped))
  } catch (error) {
    // As Anthropic: an error mid-stream is an `error` event; the status is already 200.
    event(reply, 'error', messagesError(500, error instanceof Error ? error.message : String(error)))
  } finally {
    reply.raw.end()
  }
}

/** Anthropic's Messages API over the chat models' generation: the same admission, places, metrics and usage. */
export async function messagesRoutes(app: FastifyInstance, options: { models: ModelManager }) {
  serve(
    app,
    api.createMessage,
    async (request, reply): Promise<Message | undefined> => {
      const body = request.body
      const running = options.models.find(body.model)
      if (!running) throw new HttpError(404, `Model not found in the model list, uid: ${body.model}`)
      if (running.plan.kind !== 'chat')
        throw new HttpError(
          400,
          `Model ${body.model} is a ${running.plan.type} model and does not serve this route`,
        )
      const generation = chatRequest(body, running.contextSize)
      if (body.stream) {
        await streamMessage(reply, caller(request, reply, true), running, generation)
        return undefined
      }
      const result = await running.serve<GenerationResult>(generation, caller(request, reply))
      return {
        id: `msg_${randomUUID().replaceAll('-', '')}`,
        type: 'message',
        role: 'assistant',
        model: running.uid,
        content: [{ type: 'text', text: result.text }],
        stop_reason: stopReason(result),
        stop_sequence: null,
        usage: { input_tokens: result.prompt_tokens, output_tokens: result.completion_tokens },
      }
    },
    { errorHandler: messagesErrorHandler },
  )
}
