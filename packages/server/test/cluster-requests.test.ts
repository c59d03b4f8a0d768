import { describe, expect, it } from 'vitest'
import { ClusterRequests, MAX_CLUSTER_MODELS } from '../src/clusters/cluster-requests.js'

const served = (at: number, ok: boolean) => ({
  at,
  ok,
  inputTokens: 3,
  outputTokens: 1,
  firstTokenMs: ok ? 120 : null,
  durationMs: 400,
})

/** Every model but those a test says no cluster lists. */
const listed = (model: string) => !model.endsWith('/made-up')

describe("a cluster's model's requests through this platform", () => {
  it('reads the last minute as a model here does: errors, refusals, first token, p95', () => {
    const requests = new ClusterRequests(listed)
    const now = Date.UTC(2026, 10, 29, 12, 0, 30)
    requests.record('gpu/tiny', served(now - 1000, true))
    requests.record('gpu/tiny', served(now - 500, false))
    requests.refuse('gpu/tiny', now)
    expect(requests.recent('gpu/tiny', now)).toEqual({
      requests: 2,
      errors: 1,
      refused: 1,
      firstTokenMs: 120,
      durationP95Ms: 400,
    })
    expect(requests.recent('gpu/other', now)).toBeNull()
  })

  it('keeps nothing of a model no cluster lists: a name a client makes up takes no room', () => {
    const requests = new ClusterRequests(listed)
    const now = Date.now()
    requests.record('gpu/made-up', served(now, false))
    requests.refuse('gpu/made-up', now)
    expect(requests.recent('gpu/made-up', now)).toBeNull()
  })

  it('keeps at most MAX_CLUSTER_MODELS models, the least recently asked going first', () => {
    const requests = new ClusterRequests(listed)
    const now = Date.now()
    requests.record('gpu/first', served(now, true))
    for (let n = 0; n < MAX_CLUSTER_MODELS - 1; n += 1)
      requests.record(`gpu/m${String(n)}`, served(now, true))
    // Asked again: the most recent now, so the next new model drops m0 instead.
    requests.refuse('gpu/first', now)
    requests.record('gpu/new', served(now, true))
    expect(requests.recent('gpu/first', now)).not.toBeNull()
    expect(requests.recent('gpu/m0', now)).toBeNull()
    expect(requests.recent('gpu/m1', now)).not.toBeNull()
    expect(requests.recent('gpu/new', now)).not.toBeNull()
  })
})
