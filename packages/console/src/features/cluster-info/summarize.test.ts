import type { ClusterNode } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { totalsOf } from './summarize'

const node = (overrides: Partial<ClusterNode>): ClusterNode => ({
  node_type: 'Worker',
  ip_address: '10.0.0.6:30001',
  cpu_count: 64,
  cpu_available: 60,
  mem_total: 1000,
  mem_available: 400,
  gpu_count: 2,
  gpu_vram_total: 200,
  gpu_vram_available: 150,
  ...overrides,
})

describe('totalsOf', () => {
  it('sums used (total − available) and totals over the nodes of one type', () => {
    const nodes = [
      node({
        node_type: 'Supervisor',
        ip_address: '10.0.0.5:34567',
        gpu_count: 0,
        gpu_vram_total: 0,
        gpu_vram_available: 0,
      }),
      node({}),
      node({ ip_address: '10.0.0.7:30001', cpu_available: 32 }),
    ]
    expect(totalsOf(nodes, 'Worker')).toEqual({
      count: 2,
      address: '10.0.0.6:30001',
      cpuUsed: 4 + 32,
      cpuTotal: 128,
      memUsed: 1200,
      memTotal: 2000,
      gpuCount: 4,
      gpuMemUsed: 100,
      gpuMemTotal: 400,
    })
    expect(totalsOf(nodes, 'Supervisor')).toMatchObject({
      count: 1,
      address: '10.0.0.5:34567',
      gpuMemTotal: 0,
    })
  })

  it("gives '-' as the address when there is no node of the type", () => {
    expect(totalsOf([], 'Supervisor')).toMatchObject({ count: 0, address: '-', cpuTotal: 0 })
  })
})
