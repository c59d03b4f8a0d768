import type { ClusterNode } from '@serving-console/contract'
import { useState } from 'react'
import { workerTotals } from './summarize'

/** One point of the live charts: shares of the workers' capacity in use, in percent. */
export interface ResourceSample {
  at: number
  cpu: number
  mem: number
  /** Null when the workers have no GPU memory. */
  gpuMem: number | null
}

/** Five minutes of 5 s refreshes. */
export const HISTORY_LENGTH = 60

const percent = (used: number, total: number) => (total > 0 ? (100 * used) / total : 0)

export function sampleOf(nodes: readonly ClusterNode[], at: number): ResourceSample {
  const totals = workerTotals(nodes)
  return {
    at,
    cpu: percent(totals.cpuUsed, totals.cpuTotal),
    mem: percent(totals.memUsed, totals.memTotal),
    gpuMem: totals.gpuMemTotal > 0 ? percent(totals.gpuMemUsed, totals.gpuMemTotal) : null,
  }
}

/**
 * The recent samples, one per cluster refresh: fed by the page's own 5 s query, so the charts cost no extra
 * request, and started from the server's record of the last minutes (`seed`) where it keeps one. State is
 * adjusted during render when a new answer arrives (React's pattern for deriving from changes).
 */
export function useResourceHistory(
  nodes: readonly ClusterNode[] | undefined,
  updatedAt: number,
  seed?: readonly ResourceSample[],
): ResourceSample[] {
  const [history, setHistory] = useState<{ at: number; seeded: boolean; samples: ResourceSample[] }>({
    at: 0,
    seeded: false,
    samples: [],
  })
  let { at, seeded, samples } = history
  if (seed && !seeded) {
    // Only what came before the live samples, which say the same moments afresh.
    const first = samples[0]?.at ?? Infinity
    samples = [...seed.filter((sample) => sample.at < first), ...samples].slice(-HISTORY_LENGTH)
    seeded = true
  }
  if (nodes && updatedAt !== at) {
    at = updatedAt
    samples = [...samples, sampleOf(nodes, updatedAt)].slice(-HISTORY_LENGTH)
  }
  if (at !== history.at || seeded !== history.seeded) setHistory({ at, seeded, samples })
  return samples
}
