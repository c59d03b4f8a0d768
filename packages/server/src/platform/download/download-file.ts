import { createWriteStream, existsSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { Readable, Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import type { DownloadProgress } from '@serving-console/contract'

export type { DownloadProgress }

export class DownloadError extends Error {
  override name = 'DownloadError'
}

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
  } = {},
): Promise<void> {
  const part = `${dest}.part`
  const name = dest.split('/').pop() ?? dest
  const started = Date.now()
  const attempts = options.attempts ?? 5
  let lastError: unknown

  for (let attempt = 0; attempt < attempts; attempt++) {
    options.signal?.throwIfAborted()
    const already = existsSync(part) ? statSync(part).size : 0
    let response: Response
    try {
      response = await fetch(url, {
        headers: already > 0 ? { Range: `bytes=${already}-` } : {},
        signal: options.signal,
        redirect: 'follow',
      })
    } catch (error) {
      if (options.signal?.aborted) throw error
      lastError = error
      continue
    }
    if (response.status === 416 && already > 0) {
      // The part file is already whole (or the server disagrees): start over.
      writeFileSync(part, '')
      continue
    }
    if (!response.ok || !response.body) {
      throw new DownloadError(`${url} answered ${response.status} ${response.statusText}`)
    }
    const resumed = response.status === 206
    const total = totalSize(response, resumed ? already : 0)
    let downloaded = resumed ? already : 0
    if (total !== null && options.beforeWrite) {
      try {
        options.beforeWrite(total - downloaded)
      } catch (error) {
        await response.body.cancel()
        throw error
      }
    }
    const counter = new TransformCounter((bytes) => {
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
        { signal: options.signal },
      )
    } catch (error) {
      if (options.signal?.aborted) throw error
      lastError = error
      continue
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
  throw new DownloadError(`Could not download ${url}: ${reason}`)
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
