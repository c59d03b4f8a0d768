import { api, href, upstreamPath, type BenchmarkPreset } from '@serving-console/contract'

/** One request's figures: when its first token came, the gaps between its tokens, its tokens, its whole time. */
export interface Measured {
  ok: boolean
  error: string | null
  firstMs: number | null
  gapsMs: number[]
  tokens: number
  totalMs: number
}

const SENTENCE = 'The quick brown fox jumps over the lazy dog while the river runs on to the sea. '

/** The request each preset sends to a model: its path and body (chat answers streamed, usage at the end). */
export function requestOf(
  preset: BenchmarkPreset,
  modelUid: string,
  maxTokens: number,
  contextLength: number | null,
): { path: string; body: Record<string, unknown> } {
  if (preset === 'embeddings_batch')
    return {
      path: upstreamPath(href(api.createEmbedding)),
      body: {
        model: modelUid,
        input: Array.from({ length: 16 }, (_, i) => `${i + 1}. ${SENTENCE.repeat(3)}`),
      },
    }
  // Long context: about half the model's context (a sentence is ~18 tokens), at most ~16k tokens.
  const sentences =
    preset === 'long_context'
      ? Math.max(8, Math.min(900, Math.floor(((contextLength ?? 2048) / 2 - maxTokens) / 18)))
      : 0
  const content =
    preset === 'long_context'
      ? `${SENTENCE.repeat(sentences)}\nSum up the text above in one sentence.`
      : 'Write one sentence about the sea.'
  return {
    path: upstreamPath(href(api.createChatCompletion)),
    body: {
      model: modelUid,
      messages: [{ role: 'user', content }],
      max_tokens: maxTokens,
      stream: true,
      stream_options: { include_usage: true },
    },
  }
}

/**
 * Sends one request to the server's own route at `base` and measures it as a client feels it: a chat stream's
 * first content token and the gaps after it, an embedding's whole answer; tokens as the server's usage counts them.
 */
export async function measure(
  base: string,
  request: { path: string; body: Record<string, unknown> },
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<Measured> {
  const started = performance.now()
  const failed = (error: string): Measured => ({
    ok: false,
    error,
    firstMs: null,
    gapsMs: [],
    tokens: 0,
    totalMs: performance.now() - started,
  })
  let response: Response
  try {
    response = await fetch(base + request.path, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
      signal,
    })
  } catch (error) {
    return failed((error as Error).message)
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '')
    let detail = text.slice(0, 300)
    try {
      const said = (JSON.parse(text) as { detail?: unknown }).detail
      detail = typeof said === 'string' ? said : JSON.stringify(said ?? detail)
    } catch {
      // not JSON: its first words
    }
    return failed(`${response.status}: ${detail}`)
  }
  if (request.path === upstreamPath(href(api.createEmbedding))) {
    const answer = (await response.json()) as { usage?: { prompt_tokens?: number } }
    const totalMs = performance.now() - started
    return {
      ok: true,
      error: null,
      firstMs: totalMs,
      gapsMs: [],
      tokens: answer.usage?.prompt_tokens ?? 0,
      totalMs,
    }
  }
  let firstMs: number | null = null
  let last = 0
  const gapsMs: number[] = []
  let tokens: number | null = null
  let contentEvents = 0
  let buffer = ''
  const decoder = new TextDecoder()
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true })
      const events = buffer.split(/\r?\n\r?\n/)
      buffer = events.pop() ?? ''
      for (const event of events) {
        const data = event.replace(/^data:\s*/, '').trim()
        if (!data || data === '[DONE]') continue
        const parsed = JSON.parse(data) as {
          choices?: { delta?: { content?: string | null } }[]
          usage?: { completion_tokens?: number } | null
          error?: unknown
        }
        // Xinference says a failure mid-stream as an event, under HTTP 200.
        if (parsed.error !== undefined)
          return failed(typeof parsed.error === 'string' ? parsed.error : JSON.stringify(parsed.error))
        if (parsed.choices?.[0]?.delta?.content) {
          contentEvents++
          const now = performance.now() - started
          if (firstMs === null) firstMs = now
          else gapsMs.push(now - last)
          last = now
        }
        if (typeof parsed.usage?.completion_tokens === 'number') tokens = parsed.usage.completion_tokens
      }
    }
  } catch (error) {
    return failed((error as Error).message)
  }
  // A stream without usage (Xinference 1.x does not send it): its content events, one token each as its engines
  // stream them.
  return {
    ok: true,
    error: null,
    firstMs,
    gapsMs,
    tokens: tokens ?? contentEvents,
    totalMs: performance.now() - started,
  }
}
