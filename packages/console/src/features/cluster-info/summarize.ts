import type { ClusterNode } from '@serving-console/contract'

/** The sums one panel shows. Used = total − available, for CPU, memory and GPU memory (SPEC §3). */
export interface NodeTotals {
  count: number
  /** IP address of the first node, or '-' when there is none. */
  address: string
  cpuUsed: number
  cpuTotal: number
  memUsed: number
  memTotal: number
  gpuCount: number
  gpuMemUsed: number
  gpuMemTotal: number
}

export function usage(node: ClusterNode) {
  return {
    cpuUsed: node.cpu_count - node.cpu_available,
    memUsed: node.mem_total - node.mem_available,
    gpuMemUsed: node.gpu_vram_total - node.gpu_vram_available,
  }
}

/** Sums over all nodes of one type (Supervisor or Worker). */
export function totalsOf(nodes: readonly ClusterNode[], nodeType: 'Supervisor' | 'Worker'): NodeTotals {
  const matching = nodes.filter((node) => node.node_type === nodeType)
  const sum = (pick: (node: ClusterNode) => number) => matching.reduce((total, node) => total + pick(node), 0)
  return {
    count: matching.length,
    address: matching[0]?.ip_address ?? '-',
    cpuUsed: sum((node) => usage(node).cpuUsed),
    cpuTotal: sum((node) => node.cpu_count),
    memUsed: sum((node) => usage(node).memUsed),
    memTotal: sum((node) => node.mem_total),
    gpuCount: sum((node) => node.gpu_count),
    gpuMemUsed: sum((node) => usage(node).gpuMemUsed),
    gpuMemTotal: sum((node) => node.gpu_vram_total),
  }
}

/** What the usage charts describe: the workers, where models run; a cluster listing none, whatever nodes it lists. */
export function workerTotals(nodes: readonly ClusterNode[]): NodeTotals {
  const hasWorkers = nodes.some((node) => node.node_type === 'Worker')
  return totalsOf(hasWorkers ? nodes : nodes.map((node) => ({ ...node, node_type: 'Worker' })), 'Worker')
}
