import type { UsageStore } from './usage-store.js'

const HOUR_MS = 3_600_000
/** How often worker time is read: a model that lived less than this between two reads may go uncounted. */
export const WORKER_TIME_EVERY_MS = 15_000

/** A model's live workers now: processes, and GPUs they hold together. */
export interface LiveWorkers {
  uid: string
  workers: number
  gpus: number
}

/**
 * Each model's worker time (docs/quotas.md): every WORKER_TIME_EVERY_MS, the time since the last read is added to
 * each model for the workers it has now, split at the hour so each hour's row holds its own share. One upsert per
 * model per read; a server killed outright loses at most one interval.
 */
export class WorkerTime {
  private last: number
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly usage: UsageStore,
    private readonly live: () => LiveWorkers[],
    private readonly clock: () => number = Date.now,
  ) {
    this.last = clock()
  }

  /** Counts the time since the last read for the workers running now. */
  read(): void {
    const now = this.clock()
    const from = this.last
    this.last = now
    if (now <= from) return
    for (const model of this.live()) {
      for (let start = from; start < now;) {
        const end = Math.min(now, (Math.floor(start / HOUR_MS) + 1) * HOUR_MS)
        const ms = end - start
        this.usage.recordWorkerTime(start, model.uid, ms * model.workers, ms * model.gpus)
        start = end
      }
    }
  }

  start(): void {
    this.last = this.clock()
    this.timer = setInterval(() => this.read(), WORKER_TIME_EVERY_MS)
    this.timer.unref()
  }

  /** The last interval counted, before the workers stop. */
  stop(): void {
    clearInterval(this.timer)
    this.read()
  }
}
