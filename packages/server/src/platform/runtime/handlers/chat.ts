import {
  JinjaTemplateChatWrapper,
  LlamaChat,
  LlamaCompletion,
  resolveChatWrapper,
  type ChatHistoryItem,
  type LlamaContext,
} from 'node-llama-cpp'
import type { ChatMessage, GenerationParams, GenerationResult } from '../protocol.js'
import { longestSharedPrefix, Slots } from '../slots.js'
import { doesNotServe, tokenCounter, type KindHandler } from './handler.js'

function history(messages: ChatMessage[]): ChatHistoryItem[] {
  const items: ChatHistoryItem[] = messages.map((message) =>
    message.role === 'system'
      ? { type: 'system', text: message.content }
      : message.role === 'user'
        ? { type: 'user', text: message.content }
        : { type: 'model', response: [message.content] },
  )
  items.push({ type: 'model', response: [] })
  return items
}

/** node-llama-cpp's options for a generation: the settings as sent (generation-params.ts decided them). */
function generationOptions(
  params: GenerationParams,
  signal: AbortSignal,
  onTextChunk: (text: string) => void,
  onToken: (tokens: readonly unknown[]) => void,
) {
  return {
    maxTokens: params.max_tokens,
    temperature: params.temperature,
    ...(params.top_p === undefined ? {} : { topP: params.top_p }),
    ...(params.stop?.length ? { customStopTriggers: params.stop } : {}),
    signal,
    stopOnAbortSignal: true,
    onTextChunk: (text: string) => {
      if (text) onTextChunk(text)
    },
    onToken,
  }
}

/** A registration's chat template, or a start-up failure that names where it came from. */
function jinjaWrapper(chatTemplate: { template: string; from: string }) {
  try {
    const wrapper = new JinjaTemplateChatWrapper({ template: chatTemplate.template })
    console.log(`chat template from ${chatTemplate.from}`)
    return wrapper
  } catch (error) {
    throw new Error(
      `the chat template from ${chatTemplate.from} cannot be used: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    )
  }
}

/** A conversation turn as the sequences remember it. */
const turn = (message: ChatMessage) => `${message.role}\n${message.content}`

/**
 * A language model: chat and completion, `parallel` requests at once, each on its own context sequence (one
 * place each, slots.ts), evaluated together in one batch by the engine. The platform sends at most that many at
 * once; a request that finds no free sequence here (one just released, its answer not yet heard) waits in order.
 */
export const chatHandler: KindHandler = {
  async start(model, options) {
    const count = tokenCounter(model)
    // Each sequence has `contextSize` tokens to itself (the launch's n_ctx, else launch-plan.ts's default), and
    // node-llama-cpp sizes the context for all of them.
    const context: LlamaContext = await model.createContext({
      contextSize: options.contextSize,
      threads: options.threads,
      sequences: options.parallel,
    })
    // One chat wrapper for every sequence: a LlamaChat left to find its own tries the model's template anew, ~0.25 s
    // each on one thread (docs/decisions/0025-a-free-place-serves-at-once.md).
    const chatWrapper = options.chatTemplate ? jinjaWrapper(options.chatTemplate) : resolveChatWrapper(model)
    const sequences = new Slots(
      Array.from({ length: options.parallel }, () => {
        const contextSequence = context.getSequence()
        return {
          chat: new LlamaChat({ contextSequence, chatWrapper }),
          completion: new LlamaCompletion({ contextSequence }),
          /** The conversation the sequence holds evaluated: its next turn reuses that prefix. */
          turns: [] as string[],
        }
      }),
    )
    return async (request, signal, onChunk): Promise<GenerationResult> => {
      if (request.op !== 'chat' && request.op !== 'complete') throw doesNotServe('A chat model', request)
      const turns = request.op === 'chat' ? request.messages.map(turn) : []
      const sequence = await sequences.acquire((free) => longestSharedPrefix(free, turns), signal)
      // Generated tokens are counted as they come: re-tokenizing the text would count differently.
      let generated = 0
      const onToken = (tokens: readonly unknown[]) => (generated += tokens.length)
      const options = generationOptions(request.params, signal, onChunk, onToken)
      try {
        if (request.op === 'chat') {
          sequence.turns = []
          const answer = await sequence.chat.generateResponse(history(request.messages), options)
          sequence.turns = [...turns, turn({ role: 'assistant', content: answer.response })]
          return {
            text: answer.response,
            finish_reason: answer.metadata.stopReason === 'maxTokens' ? 'length' : 'stop',
            prompt_tokens: count(request.messages.map((message) => message.content).join('\n')),
            completion_tokens: generated,
          }
        }
        sequence.turns = []
        const text = await sequence.completion.generateCompletion(request.prompt, options)
        return {
          text,
          finish_reason: generated >= options.maxTokens ? 'length' : 'stop',
          prompt_tokens: count(request.prompt),
          completion_tokens: generated,
        }
      } finally {
        sequences.release(sequence)
      }
    }
  },
}
