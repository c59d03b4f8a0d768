import { api, href, type ClusterCredentialInput } from '@serving-console/contract'
import { HttpError } from '../http/http-error.js'
import type { Upstream } from '../gateway/upstream.js'

/** A sign-in answer is a few hundred bytes. */
const SIGN_IN_BYTES = 64 * 1024

/**
 * How the server talks to one cluster: with nothing, an API key, or a session it signs in for with the user name
 * and password an administrator gave it (`POST /token`, Xinference's and the platform's alike), signed in again
 * when the cluster says the session has ended. The credential stays here: it goes to this cluster only, and never
 * into an answer or a log line.
 */
export class ClusterSession {
  private token: string | null = null
  private signingIn: Promise<string> | null = null

  constructor(
    private readonly upstream: Upstream,
    private readonly credential: ClusterCredentialInput,
  ) {}

  /** The Authorization header for the next request (signing in first when needed); undefined without one. */
  async authorization(): Promise<string | undefined> {
    const { credential } = this
    if (credential.kind === 'none') return undefined
    if (credential.kind === 'api_key') return `Bearer ${credential.api_key}`
    this.token ??= await (this.signingIn ??= this.signIn().finally(() => (this.signingIn = null)))
    return `Bearer ${this.token}`
  }

  /** The cluster refused the session (401): the next request signs in again. */
  ended(): void {
    this.token = null
  }

  private async signIn(): Promise<string> {
    const { credential } = this
    if (credential.kind !== 'password') throw new Error('no password to sign in with')
    const answer = await this.upstream.json('POST', href(api.signIn), {
      body: { username: credential.username, password: credential.password },
      maxBytes: SIGN_IN_BYTES,
    })
    const body = answer.body as { access_token?: unknown; detail?: unknown } | null
    if (answer.status === 200 && typeof body?.access_token === 'string') return body.access_token
    const said = typeof body?.detail === 'string' ? body.detail : `HTTP ${answer.status}`
    throw new HttpError(
      answer.status === 401 || answer.status === 403 ? 401 : 502,
      `Sign-in refused: ${said}`,
    )
  }
}
