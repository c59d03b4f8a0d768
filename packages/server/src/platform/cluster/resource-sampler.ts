import { readFile } from 'node:fs/promises'
import { cpus, freemem, totalmem } from 'node:os'
import { NO_GPU, readGpus, type GpuFigures } from './gpu.js'
import { ResourceHistory } from './resource-history.js'

export interface MachineFigures {
  cpuCount: number
  /** Idle cores over the last interval (upstream: count × (1 − busy share)). */
  cpuAvailable: number
  /** Bytes. */
  memTotal: number
  memAvailable: number
  gpu: GpuFigures
}

function cpuTimes() {
  return cpus().map(({ times }) => ({
    idle: times.idle,
    total: times.user + times.nice + times.sys + times.irq + times.idle,
  }))
}

/** MemAvailable counts reclaimable cache as available, as upstream's psutil does; freemem() where it is absent. */
async function availableMemory(): Promise<number> {
  try {
    const meminfo = await readFile('/proc/meminfo', 'utf8')
    const kib = /^MemAvailable:\s+(\d+) kB$/m.exec(meminfo)?.[1]
    if (kib) return Number(kib) * 1024
  } catch {
    // Not Linux.
  }
  return freemem()
}

/**
 * One sampler for the whole server: figures are measured every `intervalMs` in the background and every request
 * reads the latest, so many open consoles cost no more than one. GPUs are asked once at start; when nvidia-smi
 * is missing it is not asked again.
 */
export class ResourceSampler {
  private previous = cpuTimes()
  private latest: MachineFigures
  private timer: NodeJS.Timeout | undefined
  private gpusPresent = true
  /** The last hour of figures, for charts that open full. */
  readonly history = new ResourceHistory()

  constructor(
    private readonly intervalMs = 2500,
    private readonly gpuReader: () => Promise<GpuFigures> = readGpus,
  ) {
    const count = this.previous.length
    this.latest = {
      cpuCount: count,
      cpuAvailable: count,
      memTotal: totalmem(),
      memAvailable: freemem(),
      gpu: NO_GPU,
    }
  }

  async start(): Promise<void> {
    await this.sample()
    this.timer = setInterval(() => void this.sample(), this.intervalMs)
    this.timer.unref()
  }

  stop(): void {
    clearInterval(this.timer)
  }

  current(): MachineFigures {
    return this.latest
  }

  private async sample(): Promise<void> {
    const now = cpuTimes()
    let idle = 0
    let total = 0
    now.forEach((times, i) => {
      const before = this.previous[i]
      if (!before) return
      idle += times.idle - before.idle
      total += times.total - before.total
    })
    this.previous = now
    const busyShare = total > 0 ? 1 - idle / total : 0
    const gpu = this.gpusPresent ? await this.gpuReader() : NO_GPU
    if (gpu.count === 0) this.gpusPresent = false
    this.latest = {
      cpuCount: now.length,
      cpuAvailable: now.length * (1 - busyShare),
      memTotal: totalmem(),
      memAvailable: await availableMemory(),
      gpu,
    }
    this.history.record(this.latest, Date.now())
  }
}
