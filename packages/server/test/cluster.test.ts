import { chmodSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import type { ClusterHistory, ClusterNode } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { parseNvidiaSmi, readGpus } from '../src/platform/cluster/gpu.js'
import { ResourceHistory } from '../src/platform/cluster/resource-history.js'
import { ResourceSampler } from '../src/platform/cluster/resource-sampler.js'
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

describe('the machine’s recent use', () => {
  const figures = (
    cpuAvailable: number,
    memAvailable: number,
    gpu = { count: 0, vramTotal: 0, vramAvailable: 0 },
  ) => ({
    cpuCount: 4,
    cpuAvailable,
    memTotal: 1000,
    memAvailable,
    gpu,
  })

  it('keeps a point every 5 s in percent of the machine, the last hour only', () => {
    const history = new ResourceHistory()
    const start = 1_700_000_000_000
    history.record(figures(3, 250), start)
    // The sampler measures every 2.5 s: a point only every other time.
    history.record(figures(0, 0), start + 2500)
    history.record(figures(1, 500, { count: 1, vramTotal: 200, vramAvailable: 50 }), start + 5000)
    expect(history.since(start)).toEqual([
      { at: start / 1000, cpu: 25, mem: 75, gpu_mem: null },
      { at: start / 1000 + 5, cpu: 75, mem: 50, gpu_mem: 75 },
    ])
    expect(history.since(start + 1000)).toHaveLength(1)
    for (let i = 2; i < 800; i++) history.record(figures(2, 500), start + i * 5000)
    const kept = history.since(0)
    expect(kept).toHaveLength(720)
    expect(kept[0]?.at).toBe(start / 1000 + 80 * 5)
  })

  it('answers the last minutes of it, from the first sample on', async () => {
    const app = await testApp()
    await app.ready()
    const answer = await app.inject('/api/v1/cluster/history?minutes=1')
    expect(answer.statusCode).toBe(200)
    const history = answer.json<ClusterHistory>()
    expect(history.interval_seconds).toBe(5)
    expect(history.samples.length).toBeGreaterThan(0)
    expect(history.samples[0]?.mem).toBeGreaterThan(0)
    for (const minutes of ['0', '61', 'x']) {
      expect((await app.inject(`/api/v1/cluster/history?minutes=${minutes}`)).statusCode, minutes).toBe(422)
    }
  })
})
