import type { HubReach } from '@serving-console/contract'
import type { Hub, HubEndpoints } from '../download/hubs.js'

/** A hub's file list of one repository: file name → bytes. */
export type FileSizes = ReadonlyMap<string, number>

const LIST_TIMEOUT_MS = 5000
/** Whether a hub answers at all is asked for every card: briefly. */
const PROBE_TIMEOUT_MS = 3000
/** A listing is kept this long; a failure only briefly, so a hub that comes back is asked again soon. */
const KEEP_MS = 10 * 60_000
const KEEP_FAILURE_MS = 30_000
/** A repository's listing is a few KB; anything far larger is not one. */
const MAX_BODY_BYTES = 4 * 1024 * 1024
const MAX_FILES = 10_000

interface Kept {
  at: number
  sizes: FileSizes | null
}

/** The listing address of a repository, in each hub's own layout. */
function listUrl(endpoints: HubEndpoints, hub: Hub, modelId: string, revision: string): string {
  const repo = modelId.split('/').map(encodeURIComponent).join('/')
  if (hub === 'modelscope') {
    const base = endpoints.modelscope.replace(/\/+$/, '')
    return `${base}/api/v1/models/${repo}/repo/files?Revision=${encodeURIComponent(revision)}&Recursive=true`
  }
  return `${endpoints.huggingface.replace(/\/+$/, '')}/api/models/${repo}/tree/${encodeURIComponent(revision)}`
}

/** Hugging Face: `[{type, path, size, lfs: {size}}]`; ModelScope: `{Data: {Files: [{Path, Size}]}}`. */
function parseListing(hub: Hub, body: unknown): FileSizes {
  const rows: unknown[] =
    hub === 'modelscope'
      ? (((body as { Data?: { Files?: unknown } } | null)?.Data?.Files as unknown[] | undefined) ?? [])
      : Array.isArray(body)
        ? body
        : []
  const sizes = new Map<string, number>()
  for (const row of rows.slice(0, MAX_FILES)) {
    if (typeof row !== 'object' || row === null) continue
    const entry = row as Record<string, unknown>
    const path = hub === 'modelscope' ? entry.Path : entry.path
    const lfs = entry.lfs as { size?: unknown } | undefined
    const size = hub === 'modelscope' ? entry.Size : (lfs?.size ?? entry.size)
    if (typeof path === 'string' && typeof size === 'number' && Number.isFinite(size) && size >= 0) {
      sizes.set(path, size)
    }
  }
  return sizes
}

/** Why a fetch failed, as a person would say it: the cause's code and host, not "fetch failed". */
function reason(error: unknown, timeoutMs = LIST_TIMEOUT_MS): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer in ${timeoutMs / 1000} s`
  const cause = error instanceof Error ? (error.cause as { message?: unknown } | undefined) : undefined
  if (typeof cause?.message === 'string') return cause.message
  return error instanceof Error ? error.message : String(error)
}

async function readBounded(response: Response): Promise<unknown> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw new Error('listing too large')
  const text = await response.text()
  if (text.length > MAX_BODY_BYTES) throw new Error('listing too large')
  return JSON.parse(text) as unknown
}

/**
 * File sizes from the hubs' own file lists, asked at most once per repository in ten minutes; every answer (or
 * failure) also says whether the hub can be reached, which the console tells before a download is tried.
 */
export class HubFiles {
  private readonly kept = new Map<string, Kept>()
  private readonly pending = new Map<string, Promise<FileSizes | null>>()
  private readonly reach = new Map<Hub, { at: number; reachable: boolean; detail: string | null }>()
  private readonly probes = new Map<Hub, Promise<boolean>>()

  constructor(
    private readonly endpoints: HubEndpoints,
    private readonly now: () => number = Date.now,
  ) {}

  /** What is known without asking: a kept listing, or undefined. */
  known(hub: Hub, modelId: string, revision: string): FileSizes | undefined {
    return this.kept.get(`${hub} ${modelId} ${revision}`)?.sizes ?? undefined
  }

  /** A repository's file sizes, asking the hub when nothing is kept; null when the hub did not answer. */
  list(hub: Hub, modelId: string, revision: string): Promise<FileSizes | null> {
    const key = `${hub} ${modelId} ${revision}`
    const kept = this.kept.get(key)
    if (kept && this.now() - kept.at < (kept.sizes ? KEEP_MS : KEEP_FAILURE_MS))
      return Promise.resolve(kept.sizes)
    let pending = this.pending.get(key)
    if (!pending) {
      pending = this.fetchListing(hub, modelId, revision).finally(() => this.pending.delete(key))
      this.pending.set(key, pending)
    }
    return pending
  }

  /**
   * Whether a hub answers at all (any HTTP answer counts), asked at most once in ten minutes while it does and
   * in 30 s while it does not, 3 s at most; a listing's answer counts as well. The cards' "Runs here" needs it
   * for every model that would be downloaded, so it is one request per hub, not one per repository.
   */
  reachable(hub: Hub): Promise<boolean> {
    const known = this.reach.get(hub)
    if (known && this.now() - known.at < (known.reachable ? KEEP_MS : KEEP_FAILURE_MS))
      return Promise.resolve(known.reachable)
    let probe = this.probes.get(hub)
    if (!probe) {
      probe = this.probe(hub).finally(() => this.probes.delete(hub))
      this.probes.set(hub, probe)
    }
    return probe
  }

  private async probe(hub: Hub): Promise<boolean> {
    try {
      const response = await fetch(this.endpoints[hub], {
        method: 'HEAD',
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      })
      await response.body?.cancel()
      this.reach.set(hub, { at: this.now(), reachable: true, detail: null })
      return true
    } catch (error) {
      this.reach.set(hub, { at: this.now(), reachable: false, detail: reason(error, PROBE_TIMEOUT_MS) })
      return false
    }
  }

  reachOf(hub: Hub): HubReach {
    const known = this.reach.get(hub)
    return {
      hub,
      endpoint: this.endpoints[hub],
      reachable: known?.reachable ?? null,
      detail: known?.detail ?? null,
    }
  }

  private async fetchListing(hub: Hub, modelId: string, revision: string): Promise<FileSizes | null> {
    let sizes: FileSizes | null = null
    try {
      const response = await fetch(listUrl(this.endpoints, hub, modelId, revision), {
        signal: AbortSignal.timeout(LIST_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      })
      // Any answer means the hub is there; only a listing gives sizes (a private or missing repository does not).
      this.reach.set(hub, {
        at: this.now(),
        reachable: true,
        detail: response.ok ? null : `answered ${String(response.status)}`,
      })
      if (response.ok) sizes = parseListing(hub, await readBounded(response).catch(() => null))
      else await response.body?.cancel()
    } catch (error) {
      this.reach.set(hub, { at: this.now(), reachable: false, detail: reason(error) })
    }
    this.kept.set(`${hub} ${modelId} ${revision}`, { at: this.now(), sizes })
    return sizes
  }
}
