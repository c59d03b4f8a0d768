import type { IncomingHttpHeaders } from 'node:http'
import { pipeline, type Readable } from 'node:stream'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'

/** Below this, compressing saves less than it costs. Unknown lengths (chunked answers) count as large. */
const MIN_COMPRESSED_BYTES = 8 * 1024

type Encoding = 'br' | 'gzip'

/**
 * The encoding to send an upstream answer in, or none. Xinference sends its JSON uncompressed, and v3's detailed
 * LLM catalogue is 3.4 MiB: compressed it is ~0.1 MiB, for ~11 ms of a zlib thread (docs/decisions/0009).
 * Only JSON is compressed: event streams must reach the browser chunk by chunk, and files pass as they are.
 */
export function encodingFor(
  acceptEncoding: string | undefined,
  answer: IncomingHttpHeaders,
): Encoding | null {
  if (answer['content-encoding'] !== undefined) return null
  if (!/^application\/json\b/i.test(answer['content-type'] ?? '')) return null
  const length = answer['content-length']
  if (length !== undefined && Number(length) < MIN_COMPRESSED_BYTES) return null
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  )
  if (accepted.has('br')) return 'br'
  return accepted.has('gzip') ? 'gzip' : null
}

/** The answer's body, compressed as it streams; an upstream failure midway ends the compressed stream with it. */
export function compressed(body: Readable, encoding: Encoding): Readable {
  const encoder =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : createGzip({ level: 6 })
  return pipeline(body, encoder, () => {
    // pipeline destroys the encoder with the error, and the reply ends with it: nothing more to do here.
  })
}
