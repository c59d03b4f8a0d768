import { vi } from 'vitest'

/** A stand-in for `fetch` that answers every call with `status` and `body`. */
export function answer(status: number, body: string, contentType = 'application/json') {
  return vi.fn(() =>
    Promise.resolve(new Response(body, { status, headers: { 'content-type': contentType } })),
  )
}
