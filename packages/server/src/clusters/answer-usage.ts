import { Transform, type TransformCallback } from 'node:stream'

/** What a cluster's answer told of the tokens it took and gave, and when its first text came. */
export interface AnswerUsage {
  inputTokens: number
  outputTokens: number
  /** From the request sent to the first generated text (ms); null where none streamed. */
  firstTokenMs: number | null
  /** From the request sent to the answer's end (ms). */
  durationMs: number
}

/**
 * A JSON answer is read for its usage up to this size (an embedding answer of 32 texts of 1,024 dimensions is
 * ~0.4 MiB); a larger one is passed on unread, its tokens not counted.
 */
const MAX_JSON_BYTES = 8 * 1024 * 1024
/** A streamed event longer than this is passed on unread (a chunk is a few hundred bytes). */
const MAX_EVENT_BYTES = 1024 * 1024
/** A token count beyond this is not a count a model gave: the answer's figure is left out. */
const MAX_TOKENS = 1_000_000_000

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_TOKENS
    ? value
    : undefined

type Json = Record<string, unknown>
const object = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined

/**
 * A cluster's answer to an inference request, passed on byte for byte as it comes, read on the way for what it
 * tells of its tokens (docs/clusters.md): OpenAI's `usage` (a JSON answer's, or a stream's last chunk where the
 * cluster sends one: Xinference does), Anthropic's (`message_start`, then `message_delta`), a rerank's
 * `meta.tokens`; and, in a stream, when its first text came. A cluster is another server: nothing it says is
 * trusted beyond a bounded, well-formed count, and an answer it does not tell counts no tokens.
 */
export class AnswerUsageReader extends Transform {
  private readonly streamed: boolean
  private readonly decoder = new TextDecoder()
  /** A stream's event not yet ended, or the JSON answer so far. */
  private pending = ''
  /** A JSON answer over MAX_JSON_BYTES: passed on unread. */
  private tooLarge = false
  /** Within a streamed event over MAX_EVENT_BYTES: passed on unread up to its end. */
  private skipping = false
  private input: number | undefined
  private output: number | undefined
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

  /** The figures once the answer has ended; null before, or where it told no tokens. */
  usage(): AnswerUsage | null {
    if (this.endedMs === null || (this.input === undefined && this.output === undefined)) return null
    return {
      inputTokens: this.input ?? 0,
      outputTokens: this.output ?? 0,
      firstTokenMs: this.firstTokenMs,
      durationMs: this.endedMs,
    }
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    done(null, chunk)
    if (this.tooLarge) return
    this.pending += this.decoder.decode(chunk, { stream: true })
    if (!this.streamed) {
      if (this.pending.length > MAX_JSON_BYTES) {
        this.tooLarge = true
        this.pending = ''
      }
      return
    }
    const events = this.pending.split(/\r?\n\r?\n/)
    this.pending = events.pop() ?? ''
    for (const event of events) {
      // The rest of an event too long to read.
      if (this.skipping) this.skipping = false
      else this.readEvent(event)
    }
    if (this.pending.length > MAX_EVENT_BYTES) {
      this.skipping = true
      this.pending = ''
    }
  }

  override _flush(done: TransformCallback): void {
    if (!this.tooLarge) {
      this.pending += this.decoder.decode()
      if (!this.streamed) this.readAnswer(this.parsed(this.pending))
      else if (!this.skipping) this.readEvent(this.pending)
    }
    this.pending = ''
    this.endedMs = this.clock() - this.startedAt
    done()
  }

  private parsed(text: string): Json | undefined {
    try {
      return object(JSON.parse(text))
    } catch {
      return undefined
    }
  }

  private readEvent(event: string): void {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n')
    if (!data || data === '[DONE]') return
    // Most chunks are a token's text: only those that may say something here are parsed.
    const text = this.firstTokenMs === null && /"(content|text)"\s*:\s*"[^"]/.test(data)
    if (!text && !data.includes('"usage"')) return
    const chunk = this.parsed(data)
    if (!chunk) return
    if (text && this.firstTokenMs === null && generatedText(chunk))
      this.firstTokenMs = this.clock() - this.startedAt
    this.readUsage(object(chunk['usage']) ?? object(object(chunk['message'])?.['usage']))
  }

  private readAnswer(answer: Json | undefined): void {
    if (!answer) return
    this.readUsage(object(answer['usage']) ?? object(object(answer['meta'])?.['tokens']))
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
