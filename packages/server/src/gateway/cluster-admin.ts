import { api, href, upstreamPath } from '@serving-console/contract'
import type { FastifyRequest } from 'fastify'
import { HttpError } from '../http/http-error.js'
import type { UpstreamProfile } from './profile.js'
import type { Upstream } from './upstream.js'

/** Small JSON answers: whether sign-in is on, the running list's status, the version. */
const PROBE = { maxBytes: 1024 * 1024 }

const MAY_NOT =
  'Benchmarks put load on a shared cluster: only an administrator of the cluster may run or read them'

/** The claims of a JWT, unverified: read only once the cluster has accepted the token (see `admitClusterAdmin`). */
function claimsOf(token: string): { sub?: unknown; scopes?: unknown } | null {
  const payload = token.split('.')[1]
  if (token.split('.').length !== 3 || !payload) return null
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      sub?: unknown
      scopes?: unknown
    }
  } catch {
    return null
  }
}

/**
 * The gateway's answer to "may this caller use benchmarks?", for a cluster that keeps the accounts
 * (docs/benchmarks.md). A cluster without sign-in is open to all, as all its routes are. Otherwise the caller's
 * access token must be one the cluster accepts — asked with it, on its running list — and then its `admin` scope is
 * read from it: a token the cluster accepts is signed by the cluster, so its claims are the cluster's; the claims
 * of a token it refuses are never read. Xinference 3 re-reads permissions on every request, so there its
 * administrators' version route must answer the token too (an administrator demoted since the token was issued is
 * refused). An API key names no scopes: refused, with how to go on.
 */
export async function admitClusterAdmin(
  upstream: Upstream,
  request: FastifyRequest,
  profile: UpstreamProfile,
): Promise<{ by: string | null }> {
  const auth = await upstream.json('GET', upstreamPath(href(api.getClusterAuth)), PROBE)
  const signIn =
    typeof auth.body === 'object' && auth.body !== null && 'auth' in auth.body ? auth.body.auth : true
  if (signIn === false) return { by: null }
  const authorization = request.headers.authorization
  const token = authorization?.match(/^Bearer (.+)$/i)?.[1]
  if (!authorization || !token)
    throw new HttpError(401, 'Not authenticated: sign in as an administrator of the cluster', {
      'www-authenticate': 'Bearer',
    })
  const accepted = await upstream.json('GET', upstreamPath(href(api.listModels)), { ...PROBE, authorization })
  if (accepted.status === 401)
    throw new HttpError(401, 'The cluster did not accept this sign-in: sign in again', {
      'www-authenticate': 'Bearer',
    })
  const claims = claimsOf(token)
  if (!claims) throw new HttpError(403, `${MAY_NOT}; an API key cannot: sign in with a password`)
  const scopes = Array.isArray(claims.scopes) ? claims.scopes : []
  if (accepted.status !== 200 || !scopes.includes('admin')) throw new HttpError(403, MAY_NOT)
  if (profile.major >= 3) {
    const version = await upstream.json('GET', href(api.getClusterVersion), { ...PROBE, authorization })
    if (version.status !== 200) throw new HttpError(403, MAY_NOT)
  }
  return { by: typeof claims.sub === 'string' ? claims.sub : null }
}
