import { chmodSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import type { ClusterNode } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { parseNvidiaSmi, readGpus } from '../src/cluster/gpu.js'
import { ResourceSampler } from '../src/cluster/resource-sampler.js'
import { tempDir, testApp } from './helper.js'

describe('cluster info', () => {
  it('describes this machine as one Supervisor and one Worker, sizes in bytes', async () => {
    const app = await testApp()
    await app.ready()
    const nodes = (await app.inject('/v1/cluster/info?detailed=true')).json<ClusterNode[]>()
    expect(nodes.map((node) => node.node_type)).toEqual(['Supervisor', 'Worker'])
    for (const node of nodes) {
      expect(node.cpu_count).toBe(cpus().length)
      expect(node.cpu_available).toBeGreaterThanOrEqual(0)
      expect(node.cpu_available).toBeLessThanOrEqual(node.cpu_count)
      expect(node.mem_total).toBe(totalmem())
      expect(node.mem_available).toBeGreaterThan(0)
      expect(node.mem_available).toBeLessThanOrEqual(node.mem_total)
      expect(node.ip_address).toMatch(/^127\.0\.0\.1:\d+$/)
    }
    expect(nodes[0]?.gpu_count).toBe(0)
  })

  it('answers the version with the release and this checkout’s commit, at both paths', async () => {
    const app = await testApp()
    const version = (await app.inject('/v1/cluster/version')).json<{
      version: string
      'full-revisionid': string
    }>()
    expect(version.version).toMatch(/^\d+\.\d+\.\d+/)
    expect(version['full-revisionid']).toMatch(/^[0-9a-f]{40}$/)
  })

  it('answers the GPU count as a bare integer', async () => {
    const app = await testApp()
    await app.ready()
    for (const url of ['/api/v1/cluster/devices', '/v1/cluster/devices']) {
      const response = await app.inject(url)
      expect(response.body).toMatch(/^\d+$/)
    }
  })
})

describe('GPU figures', () => {
  it('parses nvidia-smi’s CSV in MiB into bytes', () => {
    expect(parseNvidiaSmi('81559, 80000\n81559, 1000\n')).toEqual({
      count: 2,
      vramTotal: 2 * 81559 * 1048576,
      vramAvailable: 81000 * 1048576,
    })
    expect(parseNvidiaSmi('')).toEqual({ count: 0, vramTotal: 0, vramAvailable: 0 })
  })

  it('runs the real command, and reports no GPUs when it is missing', async () => {
    const script = join(tempDir(), 'nvidia-smi')
    writeFileSync(script, '#!/bin/sh\nprintf "24576, 20000\\n"\n')
    chmodSync(script, 0o755)
    expect(await readGpus(script)).toEqual({
      count: 1,
      vramTotal: 24576 * 1048576,
      vramAvailable: 20000 * 1048576,
    })
    expect((await readGpus(join(tempDir(), 'absent'))).count).toBe(0)
  })
})

describe('ResourceSampler', () => {
  it('measures in the background: reading the figures costs no measurement', async () => {
    let gpuReads = 0
    const sampler = new ResourceSampler(60_000, () => {
      gpuReads += 1
      return Promise.resolve({ count: 1, vramTotal: 100, vramAvailable: 40 })
    })
    await sampler.start()
    for (let i = 0; i < 50; i++) sampler.current()
    sampler.stop()
    expect(gpuReads).toBe(1)
    expect(sampler.current().gpu).toEqual({ count: 1, vramTotal: 100, vramAvailable: 40 })
  })
})
