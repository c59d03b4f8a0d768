/**
 * A session that ends under a page need not end the page: a request that meets a 401 it cannot renew waits here
 * while the auth dialog asks for the password again over the page; signed in, every waiting request is sent once
 * more and the page carries on where it was (its forms and scroll untouched). Confirming the dialog instead (SPEC's
 * way to Login) lets them fail as before.
 */
let waiting: { promise: Promise<boolean>; settle: (signedIn: boolean) => void } | null = null

/** Resolves true once the user signed in again, false if they went to Login (or the request was cancelled). */
export function signedInAgain(signal?: AbortSignal): Promise<boolean> {
  if (!waiting) {
    let settle: (signedIn: boolean) => void = () => undefined
    const promise = new Promise<boolean>((resolve) => (settle = resolve))
    waiting = { promise, settle }
  }
  const { promise } = waiting
  if (!signal) return promise
  return new Promise<boolean>((resolve) => {
    if (signal.aborted) return resolve(false)
    signal.addEventListener('abort', () => resolve(false), { once: true })
    void promise.then(resolve)
  })
}

/** Called by the auth dialog: the requests waiting on the session go on (signed in) or fail (gone to Login). */
export function resumeSession(signedIn: boolean): void {
  const current = waiting
  waiting = null
  current?.settle(signedIn)
}

/** Whether requests of this page wait on the session now (a 401 recorded by this visit, not an earlier one). */
export function sessionWaiting(): boolean {
  return waiting !== null
}
