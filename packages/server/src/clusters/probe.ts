import { api, href, upstreamPath, type ClusterStatus } from '@serving-console/contract'
import { HttpError } from '../http/http-error.js'
import { MAX_LIST_BYTES } from '../gateway/cluster-reads.js'
import { inTime } from './in-time.js'
import type { ProfileDetector } from '../gateway/profile.js'
import type { Upstream } from '../gateway/upstream.js'
import type { ClusterSession } from './session.js'

/**
 * Asks a cluster what it is (as the gateway does: version, kind) and whether it takes the credential (its running
 * list, signed in), within `probeMs`: up, refused (it answered, and said no), or down. Where it says nothing of what
 * it is, what `previous` found stays.
 */
export async function probeCluster(
  cluster: { upstream: Upstream; profiles: ProfileDetector; session: ClusterSession },
  previous: ClusterStatus,
  probeMs: number,
): Promise<ClusterStatus> {
  const started = performance.now()
  const signal = AbortSignal.timeout(probeMs)
  const status = (
    state: ClusterStatus['state'],
    detail: string | null,
    kind = previous.kind,
    version = previous.version,
  ): ClusterStatus => ({
    state,
    kind,
    version,
    detail,
    checked_at: Math.floor(Date.now() / 1000),
    latency_ms: state === 'down' ? null : Math.round(performance.now() - started),
  })
  const within = <T>(work: Promise<T>) => inTime(work, signal, probeMs)
  const { upstream, profiles, session } = cluster
  try {
    profiles.forget()
    const authorization = await within(session.authorization())
    const profile = await within(profiles.detect(authorization))
    const list = await within(
      upstream.json('GET', upstreamPath(href(api.listModels)), {
        authorization,
        maxBytes: MAX_LIST_BYTES,
        signal,
      }),
    )
    if (list.status === 401) session.ended()
    if (list.status === 200) return status('up', null, profile.kind, profile.version)
    const refused = list.status === 401 || list.status === 403
    const detail = (list.body as { detail?: unknown } | null)?.detail
    const said = typeof detail === 'string' ? detail : `HTTP ${list.status}`
    return status(
      refused ? 'refused' : 'down',
      `${refused ? 'The credential was refused' : 'The running list did not answer'}: ${said}`,
      profile.kind,
      profile.version,
    )
  } catch (error) {
    const refused = error instanceof HttpError && error.statusCode === 401
    return status(refused ? 'refused' : 'down', (error as Error).message)
  }
}
