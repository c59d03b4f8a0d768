import { existsSync, rmSync, statSync } from 'node:fs'
import {
  DownloadRequest,
  type DownloadFile,
  type DownloadProgress,
  type DownloadState,
  type DownloadTask,
} from '@serving-console/contract'
import type { ModelCache } from '../cache/model-cache.js'
import type { Db } from '../db/database.js'
import type { FileFetcher } from '../runtime/file-fetcher.js'
import type { ModelFileRequest } from '../runtime/model-files.js'
import { HttpError } from '../../http/http-error.js'
import { hubUnanswered } from './download-file.js'

/** What a request downloads: the cached model version, its file, and how a launch would fetch it. */
export interface DownloadPlan {
  cacheUid: string
  fileName: string
  files: ModelFileRequest
  model_type: string
}

/** The tasks listed: every unfinished one, and the newest finished ones. */
const LISTED = 100
/**
 * A task whose hub did not answer is tried again by itself, `downloadRetryMs` (30 s) later, then twice as late each
 * time up to 10 min, 8 times (about 45 min of a hub away), before it fails: a download left overnight outlives a
 * hub's bad minutes.
 */
const RETRIES = 8
const RETRY_CAP_MS = 10 * 60_000
/** The wait before the next try of a task tried `retries` times already; null when it has had them all. */
export const retryWait = (retries: number, firstMs: number): number | null =>
  retries >= RETRIES ? null : Math.min(firstMs * 2 ** retries, RETRY_CAP_MS)
/** A task's bytes written to the database at most this often while it downloads (the list reads it after a restart). */
const SAVE_EVERY_MS = 1000

type Row = Record<string, string | number | null>

/** A task's live figures, while it downloads. */
interface Live {
  size: number | null
  speed: number
}

/**
 * Downloads as lasting tasks (docs/downloads.md): a model version's files fetched into the cache without a
 * launch, kept in SQLite so that a restart of the server resumes them (from the partial file, by HTTP Range). At
 * most `maxAtOnce` download at once, the rest queued. A task shares the download with any launch of the same
 * version (`FileFetcher`): pausing or cancelling a task leaves a launch that waits for the files alone.
 */
export class DownloadTasks {
  private readonly running = new Map<string, AbortController>()
  private readonly live = new Map<string, Live>()
  private readonly saved = new Map<string, number>()
  private retryTimer: NodeJS.Timeout | undefined
  private closed = false

  constructor(
    private readonly db: Db,
    private readonly files: FileFetcher,
    private readonly cache: ModelCache,
    /** A request's plan; throws the 4xx of a launch for an unknown model, a bad quantization, a spec without files. */
    private readonly plan: (request: DownloadRequest) => DownloadPlan,
    private readonly maxAtOnce: number,
    /** The first wait before a task whose hub did not answer is tried again. */
    private readonly retryAfterMs = 30_000,
    private readonly clock: () => number = Date.now,
  ) {
    files.onProgress((version, progress) => this.progressed(version, progress))
  }

  /** After a start of the server: what was queued or downloading goes on, from what is on disk. */
  resumeUnfinished(): void {
    this.db.run("UPDATE downloads SET state = 'queued' WHERE state = 'downloading'")
    this.schedule()
  }

  /** Stops every download without changing its state, so that the next start resumes it. */
  close(): void {
    this.closed = true
    clearTimeout(this.retryTimer)
    for (const controller of this.running.values()) controller.abort()
  }

  list(): DownloadTask[] {
    return (
      this.db.all(
        `SELECT * FROM downloads
         ORDER BY state IN ('completed', 'cancelled'), updated_at DESC LIMIT ?`,
        LISTED,
      ) as Row[]
    ).map((row) => this.taskOf(row))
  }

  /** Whether a task for this model version has not ended: it would resume into its folder. */
  unfinished(cacheUid: string): boolean {
    const row = this.db.get('SELECT state FROM downloads WHERE cache_uid = ?', cacheUid) as Row | undefined
    return row !== undefined && row.state !== 'completed' && row.state !== 'cancelled'
  }

  /** Its files removed from the cache: a finished task of them is history no more. */
  forget(cacheUid: string): void {
    this.db.run("DELETE FROM downloads WHERE cache_uid = ? AND state IN ('completed', 'cancelled')", cacheUid)
  }

  get(cacheUid: string): DownloadTask {
    return this.taskOf(this.row(cacheUid))
  }

  /**
   * Starts the request's download, or joins the task already there for the same files (resuming it where it was
   * paused or failed): `created` says which.
   */
  start(request: DownloadRequest): { task: DownloadTask; created: boolean } {
    const plan = this.plan(request)
    const now = this.clock()
    const existing = this.db.get('SELECT * FROM downloads WHERE cache_uid = ?', plan.cacheUid) as
      Row | undefined
    const state: DownloadState = this.cache.isCached(plan.cacheUid) ? 'completed' : 'queued'
    if (existing && existing.state === 'downloading') return { task: this.taskOf(existing), created: false }
    if (existing && existing.state === 'queued' && existing.retry_at === null)
      return { task: this.taskOf(existing), created: false }
    if (existing) {
      this.db.run(
        `UPDATE downloads SET state = ?, reason = NULL, retries = 0, retry_at = NULL, request = ?, updated_at = ?
         WHERE cache_uid = ?`,
        state,
        JSON.stringify(request),
        now,
        plan.cacheUid,
      )
    } else {
      const { family, spec, quantization, hub } = plan.files
      this.db.run(
        `INSERT INTO downloads (cache_uid, model_name, model_type, model_format, model_size_in_billions,
           quantization, hub, file_name, request, state, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        plan.cacheUid,
        family.model_name,
        plan.model_type,
        spec.model_format,
        spec.model_size_in_billions === undefined || spec.model_size_in_billions === null
          ? null
          : String(spec.model_size_in_billions),
        quantization,
        hub,
        plan.fileName,
        JSON.stringify(request),
        state,
        now,
        now,
      )
    }
    this.schedule()
    return { task: this.get(plan.cacheUid), created: !existing }
  }

  /** Pauses a queued or running task; what it has stays on disk. */
  pause(cacheUid: string): DownloadTask {
    const row = this.row(cacheUid)
    if (row.state !== 'queued' && row.state !== 'downloading')
      throw new HttpError(
        409,
        `The download of ${cacheUid} is ${String(row.state)}: only a queued or running one pauses`,
      )
    this.setState(cacheUid, 'paused', null)
    this.running.get(cacheUid)?.abort()
    return this.get(cacheUid)
  }

  /** Resumes a paused or failed task from where it stopped (or one waiting to try its hub again, now). */
  resume(cacheUid: string): DownloadTask {
    const row = this.row(cacheUid)
    const waiting = row.state === 'queued' && row.retry_at !== null
    if (row.state !== 'paused' && row.state !== 'failed' && !waiting)
      throw new HttpError(
        409,
        `The download of ${cacheUid} is ${String(row.state)}: only a paused or failed one resumes`,
      )
    this.db.run('UPDATE downloads SET retries = 0 WHERE cache_uid = ?', cacheUid)
    this.setState(cacheUid, 'queued', null)
    this.schedule()
    return this.get(cacheUid)
  }

  /**
   * Cancels a task and removes its partial files, unless a launch still downloads them (then they stay for it and
   * the reason says so).
   */
  cancel(cacheUid: string): DownloadTask {
    const row = this.row(cacheUid)
    if (row.state === 'completed' || row.state === 'cancelled')
      throw new HttpError(409, `The download of ${cacheUid} is ${row.state}: there is nothing to cancel`)
    this.setState(cacheUid, 'cancelled', null)
    this.running.get(cacheUid)?.abort()
    this.running.delete(cacheUid)
    if (this.files.downloading(cacheUid)) {
      this.setState(
        cacheUid,
        'cancelled',
        'A launch of this model still downloads these files: they stay for it',
      )
    } else if (!this.cache.isCached(cacheUid)) {
      rmSync(this.cache.folder(cacheUid), { recursive: true, force: true })
    }
    this.schedule()
    return this.get(cacheUid)
  }

  private schedule(): void {
    const now = this.clock()
    while (!this.closed && this.running.size < this.maxAtOnce) {
      const next = this.db.get(
        `SELECT * FROM downloads WHERE state = 'queued' AND (retry_at IS NULL OR retry_at <= ?)
         ORDER BY updated_at, cache_uid LIMIT 1`,
        now,
      ) as Row | undefined
      if (!next) break
      this.run(String(next.cache_uid), DownloadRequest.parse(JSON.parse(String(next.request))))
    }
    // The next task waiting to try its hub again wakes the queue at its time.
    clearTimeout(this.retryTimer)
    const waiting = this.db.get(
      "SELECT MIN(retry_at) AS at FROM downloads WHERE state = 'queued' AND retry_at > ?",
      now,
    ) as { at: number | null } | undefined
    if (!this.closed && waiting?.at != null) {
      this.retryTimer = setTimeout(() => this.schedule(), Math.max(0, waiting.at - now))
      this.retryTimer.unref()
    }
  }

  /** A task whose hub did not answer waits and is tried again, later each time; after the last try it fails. */
  private failed(cacheUid: string, error: Error): void {
    const retries = Number(this.row(cacheUid).retries)
    const wait = retryWait(retries, this.retryAfterMs)
    if (!hubUnanswered(error) || wait === null) {
      this.setState(cacheUid, 'failed', `${error.message}. Resume it to try again.`)
      return
    }
    this.db.run('UPDATE downloads SET retries = ? WHERE cache_uid = ?', retries + 1, cacheUid)
    this.setState(cacheUid, 'queued', error.message, this.clock() + wait)
  }

  private run(cacheUid: string, request: DownloadRequest): void {
    const controller = new AbortController()
    this.running.set(cacheUid, controller)
    this.setState(cacheUid, 'downloading', null)
    let plan: DownloadPlan
    try {
      plan = this.plan(request)
    } catch (error) {
      this.running.delete(cacheUid)
      this.setState(cacheUid, 'failed', (error as Error).message)
      return
    }
    void this.files
      .fetch(plan.files, controller.signal)
      .then(
        () => {
          if (this.running.get(cacheUid) === controller) {
            this.db.run('UPDATE downloads SET retries = 0 WHERE cache_uid = ?', cacheUid)
            this.setState(cacheUid, 'completed', null)
          }
        },
        (error: unknown) => {
          // Paused, cancelled or the server closing: the state was set by whoever stopped it.
          if (controller.signal.aborted || this.running.get(cacheUid) !== controller) return
          this.failed(cacheUid, error as Error)
        },
      )
      .finally(() => {
        if (this.running.get(cacheUid) === controller) this.running.delete(cacheUid)
        this.live.delete(cacheUid)
        this.saved.delete(cacheUid)
        this.schedule()
      })
  }

  private progressed(version: string, progress: DownloadProgress): void {
    if (!this.running.has(version)) return
    const live = { size: progress.total_bytes ?? null, speed: progress.speed_bytes_per_second }
    this.live.set(version, live)
    const now = this.clock()
    if (now - (this.saved.get(version) ?? 0) < SAVE_EVERY_MS) return
    this.saved.set(version, now)
    this.db.run('UPDATE downloads SET size = ?, updated_at = ? WHERE cache_uid = ?', live.size, now, version)
  }

  /** A new state; a wait to try the hub again ends with it, unless `retryAt` sets one. */
  private setState(
    cacheUid: string,
    state: DownloadState,
    reason: string | null,
    retryAt: number | null = null,
  ): void {
    this.db.run(
      'UPDATE downloads SET state = ?, reason = ?, retry_at = ?, updated_at = ? WHERE cache_uid = ?',
      state,
      reason,
      retryAt,
      this.clock(),
      cacheUid,
    )
  }

  private row(cacheUid: string): Row {
    const row = this.db.get('SELECT * FROM downloads WHERE cache_uid = ?', cacheUid) as Row | undefined
    if (!row) throw new HttpError(404, `No download of ${cacheUid}`)
    return row
  }

  /** A row as the API answers it, its bytes read from the disk (the partial file, or the finished one). */
  private taskOf(row: Row): DownloadTask {
    const cacheUid = String(row.cache_uid)
    const name = String(row.file_name)
    const live = this.live.get(cacheUid)
    const size = live?.size ?? (row.size === null ? null : Number(row.size))
    const state = row.state as DownloadState
    let done: number
    try {
      const file = this.cache.file(cacheUid, name)
      done = existsSync(file)
        ? statSync(file).size
        : existsSync(`${file}.part`)
          ? statSync(`${file}.part`).size
          : 0
    } catch {
      done = 0
    }
    const speed = state === 'downloading' ? Math.round(live?.speed ?? 0) : 0
    const file: DownloadFile = {
      name,
      size,
      done,
      speed,
      eta_seconds: speed > 0 && size !== null ? Math.max(0, Math.round((size - done) / speed)) : null,
    }
    return {
      cache_uid: cacheUid,
      model_name: String(row.model_name),
      model_type: String(row.model_type),
      model_format: String(row.model_format),
      model_size_in_billions: row.model_size_in_billions === null ? null : String(row.model_size_in_billions),
      quantization: String(row.quantization),
      hub: String(row.hub),
      state,
      reason: row.reason === null ? null : String(row.reason),
      files: [file],
      retry_at: row.retry_at === null ? null : Math.ceil(Number(row.retry_at) / 1000),
      created_at: Math.floor(Number(row.created_at) / 1000),
      updated_at: Math.floor(Number(row.updated_at) / 1000),
    }
  }
}
