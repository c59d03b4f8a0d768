import type { ResourcePoint } from '@serving-console/contract'
import type { MachineFigures } from './resource-sampler.js'

/** One point every 5 s, as the cluster page refreshes, for the last hour. */
export const HISTORY_INTERVAL_MS = 5000
const KEPT = 720

const percent = (used: number, total: number) => (total > 0 ? Math.round((1000 * used) / total) / 10 : 0)

/** The machine's use over the last hour, in percent, kept in memory (it starts again with the server). */
export class ResourceHistory {
  private readonly points: ResourcePoint[] = []
  private last = -Infinity

  /** Keeps a point when the last is an interval old (the sampler measures twice as often: every 2.5 s). */
  record(figures: MachineFigures, now: number): void {
    if (now - this.last < HISTORY_INTERVAL_MS - 250) return
    this.last = now
    this.points.push({
      at: Math.round(now / 1000),
      cpu: percent(figures.cpuCount - figures.cpuAvailable, figures.cpuCount),
      mem: percent(figures.memTotal - figures.memAvailable, figures.memTotal),
      gpu_mem:
        figures.gpu.vramTotal > 0
          ? percent(figures.gpu.vramTotal - figures.gpu.vramAvailable, figures.gpu.vramTotal)
          : null,
    })
    if (this.points.length > KEPT) this.points.splice(0, this.points.length - KEPT)
  }

  /** The points taken at or after `time` (ms), oldest first. */
  since(time: number): ResourcePoint[] {
    const from = time / 1000
    return this.points.filter((point) => point.at >= from)
  }
}
