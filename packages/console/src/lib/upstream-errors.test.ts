import { describe, expect, it } from 'vitest'
import { missingUv, readable } from './upstream-errors'

describe('upstream errors', () => {
  it("drops the actors' address and pid, however many passed the error on", () => {
    // As recorded from Xinference v3.2.1 (a launch on a worker without uv).
    const recorded = "[address=127.0.0.1:38532, pid=15910] [Errno 2] No such file or directory: 'uv'"
    expect(readable(`Server error: 500 - ${recorded}`)).toBe(
      "Server error: 500 - [Errno 2] No such file or directory: 'uv'",
    )
    expect(readable('[address=10.0.0.5:30001, pid=1] [address=10.0.0.6:30002, pid=22] Model not found')).toBe(
      'Model not found',
    )
    expect(readable('Model [address] is odd')).toBe('Model [address] is odd')
  })

  it('knows the missing-uv failure', () => {
    expect(missingUv("[address=127.0.0.1:56492, pid=16097] [Errno 2] No such file or directory: 'uv'")).toBe(
      true,
    )
    expect(missingUv('No such file or directory: /models/x.gguf')).toBe(false)
  })
})
