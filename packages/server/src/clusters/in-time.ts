import { HttpError } from '../http/http-error.js'

/**
 * `work`, or a 504 once `signal` (an `AbortSignal.timeout(ms)`) fires: for the steps of asking a cluster that hold
 * no signal of their own (signing in, detecting its version), so that the whole ask stays within its time.
 */
export function inTime<T>(work: Promise<T>, signal: AbortSignal, ms: number): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      const late = () => reject(new HttpError(504, `No answer within ${String(ms / 1000)} s`))
      if (signal.aborted) late()
      else signal.addEventListener('abort', late, { once: true })
    }),
  ])
}
