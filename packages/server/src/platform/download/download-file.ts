import { createWriteStream, existsSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { Readable, Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import type { DownloadProgress } from '@serving-console/contract'

export type { DownloadProgress }

export class DownloadError extends Error {
  override name = 'DownloadError'
  constructor(
    message: string,
    /** The hub did not answer (rather than answering no): trying again later may succeed. */
    readonly unanswered = false,
  ) {
    super(message)
  }
}

/** Whether a download failed because its hub did not answer (so that trying again later may succeed). */
export const hubUnanswered = (error: unknown): boolean =>
  error instanceof Error &&
  ((error instanceof DownloadError && error.unanswered) ||
    (error.cause !== error && hubUnanswered(error.cause)))

/** How long the hub may take to answer a request, and to send the next bytes of a file (docs/security.md). */
const HUB_TIMEOUTS = { answerMs: 30_000, stallMs: 60_000 }

/** Total size from `Content-Range: bytes a-b/total`, else `Content-Length` plus what we already had. */
function totalSize(response: Response, already: number): number | null {
  const range = response.headers.get('content-range')
  const fromRange = range ? Number(range.split('/')[1]) : NaN
  if (Number.isFinite(fromRange)) return fromRange
  const length = Number(response.headers.get('content-length'))
  return Number.isFinite(length) && response.headers.has('content-length') ? already + length : null
}

/**
 * Downloads one file to `dest`, through `dest.part`: a dropped connection is resumed with a Range request (up to
 * `attempts` times), the finished size is checked against the server's, and only a complete file is renamed into
 * place. Aborting the signal stops it and leaves the part file for a later resume.
 */
export async function downloadFile(
  url: string,
  dest: string,
  options: {
    signal?: AbortSignal
    onProgress?: (progress: DownloadProgress) => void
    /**
     * Told the bytes still to come once the hub has said the size, before any byte is written: throws to refuse
     * (a disk without room for them).
     */
    beforeWrite?: (remaining: number) => void
    attempts?: number
    timeouts?: typeof HUB_TIMEOUTS
  } = {},
): Promise<void> {
  const part = `${dest}.part`
  const name = dest.split('/').pop() ?? dest
  const started = Date.now()
  const attempts = options.attempts ?? 5
  const timeouts = options.timeouts ?? HUB_TIMEOUTS
  let lastError: unknown

  for (let attempt = 0; attempt < attempts; attempt++) {
    options.signal?.throwIfAborted()
    const already = existsSync(part) ? statSync(part).size : 0
    // Each phase has its time: the answer, then every stretch of the body (a hub that stops sending mid-file).
    const stalled = new AbortController()
    const signal = options.signal ? AbortSignal.any([options.signal, stalled.signal]) : stalled.signal
    let timer = setTimeout(
      () => stalled.abort(new Error('the hub did not answer in time')),
      timeouts.answerMs,
    )
    const alive = () => {
      clearTimeout(timer)
      timer = setTimeout(() => stalled.abort(new Error('the hub stopped sending')), timeouts.stallMs)
    }
    let response: Response
    try {
      response = await fetch(url, {
        headers: already > 0 ? { Range: `bytes=${already}-` } : {},
        signal,
        redirect: 'follow',
      })
    } catch (error) {
      clearTimeout(timer)
      if (options.signal?.aborted) throw error
      lastError = stalled.signal.aborted ? stalled.signal.reason : error
      continue
    }
    alive()
    if (response.status === 416 && already > 0) {
      clearTimeout(timer)
      // The part file is already whole (or the server disagrees): start over.
      writeFileSync(part, '')
      continue
    }
    if (!response.ok || !response.body) {
      clearTimeout(timer)
      throw new DownloadError(`${url} answered ${response.status} ${response.statusText}`)
    }
    const resumed = response.status === 206
    const total = totalSize(response, resumed ? already : 0)
    let downloaded = resumed ? already : 0
    if (total !== null && options.beforeWrite) {
      try {
        options.beforeWrite(total - downloaded)
      } catch (error) {
        clearTimeout(timer)
        await response.body.cancel()
        throw error
      }
    }
    const counter = new TransformCounter((bytes) => {
      alive()
      downloaded += bytes
      const elapsed = (Date.now() - started) / 1000
      options.onProgress?.({
        name,
        downloaded_bytes: downloaded,
        total_bytes: total,
        speed_bytes_per_second: elapsed > 0 ? (downloaded - already) / elapsed : 0,
        elapsed_seconds: elapsed,
      })
    })
    try {
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        counter,
        createWriteStream(part, { flags: resumed ? 'a' : 'w' }),
        { signal },
      )
    } catch (error) {
      if (options.signal?.aborted) throw error
      lastError = stalled.signal.aborted ? stalled.signal.reason : error
      continue
    } finally {
      clearTimeout(timer)
    }
    const size = statSync(part).size
    if (total !== null && size !== total) {
      lastError = new DownloadError(`${name}: got ${size} of ${total} bytes`)
      continue
    }
    renameSync(part, dest)
    return
  }
  const reason =
    lastError instanceof Error
      ? lastError.cause instanceof Error
        ? lastError.cause.message
        : lastError.message
      : String(lastError)
  throw new DownloadError(`Could not download ${url}: ${reason}`, true)
}

class TransformCounter extends Transform {
  constructor(private readonly count: (bytes: number) => void) {
    super()
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.count(chunk.length)
    callback(null, chunk)
  }
}
