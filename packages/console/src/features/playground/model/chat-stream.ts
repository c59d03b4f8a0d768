import { api as routes } from '@serving-console/contract'
import { api } from '../../../lib/api-client'
import { urlOf } from '../../../lib/api-query'

/** What one streamed answer came to: its text, when its first words came, how long it took, its tokens. */
export interface ChatFigures {
  text: string
  /** From the request sent to the first piece of text: what the user waits before reading. */
  firstTokenMs: number | null
  totalMs: number
  /** The answer's tokens, as the server counted them (its last event's usage); null where it sends none. */
  completionTokens: number | null
}

interface ChunkData {
  choices?: { delta?: { content?: string | null } }[]
  usage?: { completion_tokens?: number } | null
}

/**
 * A chat completion streamed (`POST /api/v1/chat/completions`, `stream: true`, the usage asked for at its end):
 * `onText` hears the text so far as each event arrives. Server-sent events are split on blank lines (LF or CRLF,
 * as servers send them); `[DONE]` ends it.
 */
export async function streamChat(
  body: Record<string, unknown>,
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<ChatFigures> {
  const started = performance.now()
  const response = await api.stream(
    urlOf(routes.createChatCompletion, undefined),
    { ...body, stream: true, stream_options: { include_usage: true } },
    signal,
  )
  const reader = response.body?.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let text = ''
  let firstTokenMs: number | null = null
  let completionTokens: number | null = null
  const take = (event: string) => {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim())
      .join('')
    if (!data || data === '[DONE]') return
    const chunk = JSON.parse(data) as ChunkData
    const piece = chunk.choices?.[0]?.delta?.content
    if (piece) {
      firstTokenMs ??= performance.now() - started
      text += piece
      onText(text)
    }
    if (chunk.usage?.completion_tokens !== undefined) completionTokens = chunk.usage.completion_tokens
  }
  for (;;) {
    const read = await reader?.read()
    if (!read || read.done) break
    buffer += decoder.decode(read.value, { stream: true })
    const events = buffer.split(/\r?\n\r?\n/)
    buffer = events.pop() ?? ''
    events.forEach(take)
  }
  if (buffer.trim()) take(buffer)
  return { text, firstTokenMs, totalMs: performance.now() - started, completionTokens }
}

/** Tokens a second once the first came (the speed of reading along), or null where it cannot be said. */
export function tokensPerSecond(figures: ChatFigures): number | null {
  if (figures.completionTokens === null || figures.firstTokenMs === null) return null
  const seconds = (figures.totalMs - figures.firstTokenMs) / 1000
  return seconds > 0 ? figures.completionTokens / seconds : null
}
