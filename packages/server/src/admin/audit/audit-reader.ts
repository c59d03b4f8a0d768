import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { AuditEntry, AuditFilterOptions, AuditQuery } from '@serving-console/contract'
import { HttpError } from '../../http/http-error.js'

type ReadOp =
  | { op: 'search'; query: AuditQuery }
  | { op: 'filterOptions' }
  | { op: 'csv'; query: AuditQuery & { size: number } }
export type ReadRequest = ReadOp & { id: number; now: number }
export type ReadReply = { id: number } & ({ done: unknown } | { chunk: string } | { error: string })

/** The compiled worker beside this module; from sources (the tests), the build's. */
const WORKER =
  [
    new URL('./audit-read-worker.js', import.meta.url),
    new URL('../../../dist/admin/audit/audit-read-worker.js', import.meta.url),
  ]
    .map((url) => fileURLToPath(url))
    .find((path) => existsSync(path)) ?? fileURLToPath(new URL('./audit-read-worker.js', import.meta.url))

const busy = () => new HttpError(503, 'The audit trail is answering other reads; try again shortly.')

/** Reads waiting at most: one reader more is answered 503 at once, not queued without end. */
const MAX_WAITING = 8

interface Pending {
  resolve: (value: unknown) => void
  reject: (error: Error) => void
  onChunk?: ((chunk: string) => void) | undefined
}

/**
 * Reads the audit trail off the event loop: one worker thread (audit-read-worker.ts), started on the first read,
 * answering one read at a time in order. Chat keeps its pace while an administrator searches or exports.
 */
export class AuditReader {
  private worker: Worker | undefined
  private readonly pending = new Map<number, Pending>()
  private nextId = 1

  constructor(private readonly databasePath: string) {}

  search(query: AuditQuery, now = Date.now()) {
    return this.ask({ op: 'search', query }, now) as Promise<
      { hits: AuditEntry[]; total: number } | { invalid: string }
    >
  }

  filterOptions() {
    return this.ask({ op: 'filterOptions' }, Date.now()) as Promise<AuditFilterOptions>
  }

  /** The 503 a read asked now would meet, thrown now: before an answer's head goes out. */
  refuseIfBusy(): void {
    if (this.pending.size > MAX_WAITING) throw busy()
  }

  /**
   * The CSV (valid time bounds: `invalidQuery`), chunk by chunk to `onChunk`; `done` resolves once all is sent,
   * `cancel` stops it between two chunks (its client went away).
   */
  csv(query: AuditQuery & { size: number }, onChunk: (chunk: string) => void, now = Date.now()) {
    const id = this.nextId
    const done = this.ask({ op: 'csv', query }, now, onChunk) as Promise<null>
    return { done, cancel: () => this.worker?.postMessage({ op: 'cancel', id }) }
  }

  close(): Promise<number> | undefined {
    const worker = this.worker
    this.worker = undefined
    return worker?.terminate()
  }

  private ask(request: ReadOp, now: number, onChunk?: (chunk: string) => void): Promise<unknown> {
    if (this.pending.size > MAX_WAITING) return Promise.reject(busy())
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onChunk })
      this.started().postMessage({ ...request, id, now })
    })
  }

  private started(): Worker {
    if (this.worker) return this.worker
    const worker = new Worker(WORKER, { workerData: { path: this.databasePath } })
    // Never what keeps the process alive.
    worker.unref()
    worker.on('message', (reply: ReadReply) => {
      const waiting = this.pending.get(reply.id)
      if (!waiting) return
      if ('chunk' in reply) return waiting.onChunk?.(reply.chunk)
      this.pending.delete(reply.id)
      if ('error' in reply) waiting.reject(new Error(`audit read failed: ${reply.error}`))
      else waiting.resolve(reply.done)
    })
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined
      for (const waiting of this.pending.values()) waiting.reject(error)
      this.pending.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`the audit reader stopped (exit ${String(code)})`)))
    this.worker = worker
    return worker
  }
}
