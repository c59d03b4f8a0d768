import type { FastifyInstance } from 'fastify'
import { afterEach } from 'vitest'
import { startLocalHub, type LocalHub } from './support/local-hub.js'

// What the tests of the runtime (real worker processes running llama.cpp on the platform's generated tiny models)
// share.

/** Launches a model through the API, as the console does. */
export const launch = (app: FastifyInstance, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/models', payload: body })

/** A local model hub for this file's tests, closed after each. */
export function localHubs(): (options?: Parameters<typeof startLocalHub>[0]) => Promise<LocalHub> {
  let hub: LocalHub | undefined
  afterEach(async () => {
    await hub?.close()
    hub = undefined
  })
  return async (options) => (hub = await startLocalHub(options))
}

/** A sample's value: `name{…labels…} value`, its labels containing every one given. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([^{ ]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const has = Object.entries(labels).every(([key, value]) => match[2]?.includes(`${key}="${value}"`))
    if (has) return Number(match[3])
  }
  return undefined
}
