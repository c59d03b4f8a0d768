import { ApiError } from './api-client'

/**
 * How long an automatic refresh waits: `ms`, or longer when the server answered 429 with Retry-After (seconds or
 * an HTTP date), so a console left open does not keep a busy server busier.
 */
export function pollDelay(ms: number, error: unknown, now = Date.now()): number {
  if (!(error instanceof ApiError) || error.status !== 429) return ms
  const header = error.response.headers.get('retry-after')
  if (!header) return ms
  const seconds = Number(header)
  const wait = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now
  return Number.isFinite(wait) && wait > ms ? wait : ms
}

/**
 * How long an answer asked before the screen rendered stays this visit's: the frame's and the opening screen's
 * requests (main.ts) are answered before the screen mounts, and asking again then only repeats them.
 */
export const OPENING_FRESH_MS = 2000
