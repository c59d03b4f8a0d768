import { ClusterUnreachable, type Upstream } from './upstream.js'

/**
 * What the upstream is, and so what the gateway must do for it: the one table of version differences that are
 * not a matter of shape (shapes are read leniently by the contract and translated by the adapters).
 */
export interface UpstreamProfile {
  /** Another Serving Console platform speaks SPEC's API itself: everything passes through. */
  kind: 'serving-console' | 'xinference'
  /** As the upstream reports it; `3.x` when v3 would not say (its version route needs an admin token). */
  version: string
  major: number
  /** Per-model logs and GGUF file headers: routes of our platform only. */
  modelLogs: boolean
  fileInfo: boolean
  /** `GET /api/v1/models/launches` exists upstream; otherwise the gateway builds it from `/v1/models/instances`. */
  nativeLaunches: boolean
  /** The supervisor's `/metrics` says each model's status and replicas down (Xinference ≥ 3): rows get health. */
  clusterHealth: boolean
  /** `/v1/models/{uid}/replicas` exists (Xinference ≥ 2). */
  replicas: boolean
  /** Registrations must be upstream's `version: 2` shape; rerank needs `model_specs` from 2.x on. */
  registrationShape: 'as-given' | 'xinference-v2'
  rerankSpecs: boolean
}

export function profileFor(kind: UpstreamProfile['kind'], version: string): UpstreamProfile {
  const major = Number.parseInt(version, 10) || 0
  if (kind === 'serving-console') {
    return {
      kind,
      version,
      major,
      modelLogs: true,
      fileInfo: true,
      nativeLaunches: true,
      replicas: true,
      clusterHealth: false,
      registrationShape: 'as-given',
      rerankSpecs: false,
    }
  }
  return {
    kind,
    version,
    major,
    modelLogs: false,
    fileInfo: false,
    nativeLaunches: false,
    replicas: major >= 2,
    clusterHealth: major >= 3,
    registrationShape: 'xinference-v2',
    rerankSpecs: major >= 2,
  }
}

/** A probe's answer is a small JSON object; nothing bigger is read. */
const PROBE = { maxBytes: 64 * 1024, probe: true }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Finds out what the upstream is, once, and again after it was unreachable (it may have been upgraded).
 * Public routes first, so it works before anyone signed in: only our platform answers `/api/v1/...`; only v3 has
 * `/v1/admin/setup/status`. Then the version route, with the caller's token (v3 and auth-on v1/v2 need one).
 */
export class ProfileDetector {
  private known: UpstreamProfile | null = null
  private pending: Promise<UpstreamProfile> | null = null

  constructor(private readonly upstream: Upstream) {}

  /** The profile if already known: for answers that must not wait on the upstream. */
  get current(): UpstreamProfile | null {
    return this.known
  }

  forget() {
    this.known = null
  }

  detect(authorization?: string): Promise<UpstreamProfile> {
    if (this.known) return Promise.resolve(this.known)
    this.pending ??= this.probe(authorization).finally(() => {
      this.pending = null
    })
    return this.pending
  }

  private async probe(authorization?: string): Promise<UpstreamProfile> {
    const ours = await this.upstream.json('GET', '/api/v1/cluster/auth', PROBE)
    if (ours.status === 200 && isObject(ours.body) && typeof ours.body.auth === 'boolean') {
      const version = await this.version(authorization)
      return this.keep(profileFor('serving-console', version ?? 'unknown'))
    }
    const version = await this.version(authorization)
    if (version) return this.keep(profileFor('xinference', version))
    const setup = await this.upstream.json('GET', '/v1/admin/setup/status', PROBE)
    if (setup.status === 200 && isObject(setup.body) && 'needs_setup' in setup.body) {
      // v3 keeps its version behind an admin token; the major version is all the adapters need.
      return this.keep(profileFor('xinference', '3.x'))
    }
    const uiConfig = await this.upstream.json('GET', '/v1/cluster/ui_config', PROBE)
    if (uiConfig.status === 404) return this.keep(profileFor('xinference', '1.x'))
    if (uiConfig.status === 200) return this.keep(profileFor('xinference', '2.x'))
    // An auth-on v1/v2 before sign-in: a guess for now, found out for sure once a token comes along.
    return profileFor('xinference', '2.x')
  }

  private async version(authorization?: string): Promise<string | null> {
    const answer = await this.upstream.json('GET', '/v1/cluster/version', { ...PROBE, authorization })
    if (answer.status !== 200 || !isObject(answer.body) || typeof answer.body.version !== 'string')
      return null
    return answer.body.version
  }

  private keep(profile: UpstreamProfile): UpstreamProfile {
    this.known = profile
    return profile
  }
}

/** Upstream failures that mean "it may be another server when it comes back". */
export function isOutage(error: unknown): boolean {
  return error instanceof ClusterUnreachable
}
