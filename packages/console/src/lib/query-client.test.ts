import { MutationObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-client'
import { createQueryClient, createToastChannel } from './query-client'

const failure = (status: number, detail = 'nope') =>
  new ApiError(status, detail, new Response(null, { status }))

/** Runs one failing mutation with this metadata; answers what reached the toast. */
async function toastOf(error: Error, meta: Record<string, unknown>, variables?: string) {
  const showError = vi.fn()
  const client = createQueryClient(showError)
  const observer = new MutationObserver<unknown, Error, string | undefined>(client, {
    mutationFn: () => Promise.reject(error),
    meta,
  })
  await observer.mutate(variables).catch(() => undefined)
  return showError.mock.calls.map(([message]) => message as string)
}

describe('the one error path of mutations', () => {
  it('toasts a failure, except 401 and 403 (the auth dialog speaks)', async () => {
    expect(await toastOf(failure(500), {})).toEqual(['Server error: 500 - nope'])
    expect(await toastOf(failure(401), {})).toEqual([])
    expect(await toastOf(failure(403), {})).toEqual([])
    expect(await toastOf(new TypeError('Failed to fetch'), {})).toEqual([
      'Cannot reach the server: Failed to fetch',
    ])
  })

  it('follows the metadata: silent logs, expected statuses are no failure, describe words it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(await toastOf(failure(500), { silent: true })).toEqual([])
    expect(log).toHaveBeenCalled()
    expect(await toastOf(failure(499, 'cancelled'), { expected: [499] })).toEqual([])
    const describe = (error: unknown) => `Login failed: ${(error as ApiError).status}`
    expect(await toastOf(failure(401), { describe })).toEqual(['Login failed: 401'])
    expect(await toastOf(failure(400), { describe })).toEqual(['Login failed: 400'])
    // A failure the screen shows itself, told by what the call was made with.
    const shownOnScreen = (_error: unknown, variables: unknown) => variables === 'shown'
    expect(await toastOf(failure(500), { shownOnScreen }, 'shown')).toEqual([])
    expect(await toastOf(failure(500), { shownOnScreen }, 'elsewhere')).toEqual(['Server error: 500 - nope'])
  })
})

describe('the toast channel', () => {
  it('keeps failures told before the toast is mounted, and hands them over when it is', () => {
    const channel = createToastChannel()
    channel.show('Server error: 500 - early')
    const toast = vi.fn()
    const stop = channel.listen(toast)
    expect(toast).toHaveBeenCalledWith('Server error: 500 - early', undefined)
    channel.show('later', { background: true })
    expect(toast).toHaveBeenLastCalledWith('later', { background: true })
    stop()
    channel.show('after unmount')
    expect(toast).toHaveBeenCalledTimes(2)
  })
})
