import type { ClusterNode } from '@serving-console/contract'
import { useState } from 'react'
import { totalsOf } from './summarize'

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
  // Models run on workers; a cluster listing none is described by whatever nodes it lists.
  const hasWorkers = nodes.some((node) => node.node_type === 'Worker')
  const totals = totalsOf(
    hasWorkers ? nodes : nodes.map((node) => ({ ...node, node_type: 'Worker' })),
    'Worker',
  )
  return {
    at,
    cpu: percent(totals.cpuUsed, totals.cpuTotal),
    mem: percent(totals.memUsed, totals.memTotal),
    gpuMem: totals.gpuMemTotal > 0 ? percent(totals.gpuMemUsed, totals.gpuMemTotal) : null,
  }
}

/**
 * The recent samples, one per cluster refresh: fed by the page's own 5 s query, so the charts cost no extra
 * request. State is adjusted during render when a new answer arrives (React's pattern for deriving from changes).
 */
export function useResourceHistory(
  nodes: readonly ClusterNode[] | undefined,
  updatedAt: number,
): ResourceSample[] {
  const [history, setHistory] = useState<{ at: number; samples: ResourceSample[] }>({ at: 0, samples: [] })
  if (nodes && updatedAt !== history.at) {
    setHistory({
      at: updatedAt,
      samples: [...history.samples, sampleOf(nodes, updatedAt)].slice(-HISTORY_LENGTH),
    })
  }
  return history.samples
}
