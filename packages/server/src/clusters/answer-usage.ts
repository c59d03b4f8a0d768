import { Transform, type TransformCallback } from 'node:stream'

/** What a cluster's answer told of the tokens it took and gave, and when its first text came. */
export interface AnswerUsage {
  inputTokens: number
  outputTokens: number
  /** From the request sent to the first generated text (ms); null where none streamed. */
  firstTokenMs: number | null
  /** From the request sent to the answer's end, or to the client's leaving (ms). */
  durationMs: number
}

/**
 * What of a JSON answer is kept to read its usage: its end, where OpenAI's `usage` and a rerank's `meta` are written
 * (a whole embeddings answer may be megabytes).
 */
const JSON_TAIL_CHARS = 64 * 1024
/** A streamed event longer than this is passed on unread (a chunk is a few hundred bytes). */
const MAX_EVENT_CHARS = 1024 * 1024
/** A token count beyond this is not a count a model gave: the answer's figure is left out. */
const MAX_TOKENS = 1_000_000_000

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_TOKENS
    ? value
    : undefined

type Json = Record<string, unknown>
const object = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined
const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/**
 * A cluster's answer to an inference request, passed on byte for byte as it comes, read on the way for what it
 * tells of its tokens (docs/clusters.md): OpenAI's `usage` (a JSON answer's, or a stream's last chunk where the
 * cluster sends one: Xinference 2 and 3 do), Anthropic's (`message_start`, then `message_delta`), a rerank's
 * `meta.tokens`; in a stream, when its first text came and how many chunks carried text, the output counted where
 * no count is told (Xinference 1.x's streams, a client gone before the last chunk: each chunk is a token, as the
 * benchmarks count them). A cluster is another server: nothing it says is believed beyond a bounded whole count.
 */
export class AnswerUsageReader extends Transform {
  private readonly streamed: boolean
  private readonly decoder = new TextDecoder()
  /** The end of an event: a blank line, in either line ending. */
  private readonly eventEnd = /\r?\n\r?\n/g
  /** A stream's event not yet ended; a JSON answer's last JSON_TAIL_CHARS. */
  private pending = ''
  /** Within a streamed event over MAX_EVENT_CHARS: passed on unread up to its end. */
  private skipping = false
  private input: number | undefined
  private output: number | undefined
  private textChunks = 0
  private firstTokenMs: number | null = null
  private endedMs: number | null = null

  constructor(
    mediaType: string,
    private readonly startedAt: number,
    private readonly clock: () => number = Date.now,
  ) {
    super()
    this.streamed = mediaType === 'text/event-stream'
  }

  /** The figures once the answer has ended (whole, or with its client gone); null before. */
  usage(): AnswerUsage | null {
    if (this.endedMs === null) return null
    return {
      inputTokens: this.input ?? 0,
      outputTokens: this.output ?? this.textChunks,
      firstTokenMs: this.firstTokenMs,
      durationMs: this.endedMs,
    }
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    done(null, chunk)
    const added = this.decoder.decode(chunk, { stream: true })
    if (!this.streamed) {
      this.pending = (this.pending + added).slice(-JSON_TAIL_CHARS)
      return
    }
    // Only the new text (and the three characters an end may straddle) is searched for an event's end.
    this.eventEnd.lastIndex = Math.max(0, this.pending.length - 3)
    this.pending += added
    let start = 0
    for (let end = this.eventEnd.exec(this.pending); end; end = this.eventEnd.exec(this.pending)) {
      // The rest of an event too long to read.
      if (this.skipping) this.skipping = false
      else this.readEvent(this.pending.slice(start, end.index))
      start = this.eventEnd.lastIndex
    }
    this.pending = this.pending.slice(start)
    if (this.pending.length > MAX_EVENT_CHARS) {
      this.skipping = true
      // Its last characters may begin its end.
      this.pending = this.pending.slice(-3)
    }
  }

  override _flush(done: TransformCallback): void {
    this.pending += this.decoder.decode()
    if (!this.streamed) this.readAnswerTail(this.pending)
    else if (!this.skipping) this.readEvent(this.pending)
    this.pending = ''
    this.ended()
    done()
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    // A client gone (or the cluster failing) mid-answer: what was seen by then counts.
    this.ended()
    done(error)
  }

  private ended(): void {
    this.endedMs ??= this.clock() - this.startedAt
  }

  private readEvent(event: string): void {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n')
    if (!data || data === '[DONE]') return
    // Most chunks are a token's text: only those that may carry text or usage are parsed.
    const text = /"(content|text)"\s*:\s*"[^"]/.test(data)
    if (!text && !data.includes('"usage"')) return
    const chunk = object(parsed(data))
    if (!chunk) return
    if (text && generatedText(chunk)) {
      this.textChunks += 1
      this.firstTokenMs ??= this.clock() - this.startedAt
    }
    this.readUsage(object(chunk['usage']) ?? object(object(chunk['message'])?.['usage']))
  }

  /**
   * A JSON answer's usage, from its end: the last `"usage"` object there (OpenAI's, written last), else a rerank's
   * `"tokens"`. Found as JSON text outside any string (a quote inside a string is escaped), and parsed alone.
   */
  private readAnswerTail(tail: string): void {
    for (const name of ['usage', 'tokens']) {
      // An object with objects in it, one level deep (OpenAI's `prompt_tokens_details`).
      const pattern = new RegExp(`"${name}"\\s*:\\s*(\\{(?:[^{}]|\\{[^{}]*\\})*\\})`, 'g')
      const found = [...tail.matchAll(pattern)].at(-1)
      const usage = found?.[1] === undefined ? undefined : object(parsed(found[1]))
      if (usage) return this.readUsage(usage)
    }
  }

  private readUsage(usage: Json | undefined): void {
    if (!usage) return
    const input = count(usage['prompt_tokens']) ?? count(usage['input_tokens'])
    const output = count(usage['completion_tokens']) ?? count(usage['output_tokens'])
    // Anthropic tells the output so far, then the whole: the largest is the answer's.
    if (input !== undefined) this.input = Math.max(this.input ?? 0, input)
    if (output !== undefined) this.output = Math.max(this.output ?? 0, output)
  }
}

/** Whether a streamed chunk carries generated text: OpenAI's chat delta or completion text, Anthropic's delta. */
function generatedText(chunk: Json): boolean {
  const choice = object(Array.isArray(chunk['choices']) ? (chunk['choices'] as unknown[])[0] : undefined)
  const said = object(choice?.['delta'])?.['content'] ?? choice?.['text'] ?? object(chunk['delta'])?.['text']
  return typeof said === 'string' && said.length > 0
}
