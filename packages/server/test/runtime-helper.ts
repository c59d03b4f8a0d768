import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterEach, expect } from 'vitest'
import { QUEUED_PER_PLACE } from '../src/platform/runtime/admission.js'
import type { GenerationResult } from '../src/platform/runtime/protocol.js'
import type { RequestOutcome } from '../src/platform/runtime/request-outcome.js'
import type { RunningModel } from '../src/platform/runtime/running-model.js'
import { testApp, TINY_CHAT } from './helper.js'
import { startLocalHub, type LocalHub } from './support/local-hub.js'

// What the tests of the runtime (real worker processes running llama.cpp on the platform's generated tiny models)
// share.

/** Launches a model through the API, as the console does. */
export const launch = (app: FastifyInstance, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/models', payload: body })

/**
 * Takes every place of `model` (`places` of them) and every waiting slot behind them, the first `places` holding
 * their places; answers them and what one more request was refused with.
 */
export async function fillTheLine(model: RunningModel, places: number) {
  const admitted = Array.from({ length: places * (1 + QUEUED_PER_PLACE) }, () => model.acquire())
  await Promise.all(admitted.slice(0, places).map((place) => place.turn))
  let refusal: unknown
  try {
    model.acquire()
  } catch (error) {
    refusal = error
  }
  return { admitted, refusal }
}

/** A platform with the model `body` launched (200 expected): the start of most tests of what a model serves. */
export async function launchedApp(body: Record<string, unknown> = TINY_CHAT) {
  const app = await testApp()
  const launched = await launch(app, body)
  expect(launched.statusCode, launched.body).toBe(200)
  return app
}

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

/** A chat request over real HTTP that the client abandons once `until` settles. */
export async function abandonedChat(app: FastifyInstance, body: object, until: Promise<unknown>) {
  const { port } = app.server.address() as AddressInfo
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/v1/chat/completions',
    headers: { 'content-type': 'application/json' },
  })
  request.on('error', () => undefined)
  request.end(JSON.stringify(body))
  await until
  request.destroy()
}

/**
 * Watches what the model `uid` serves from now on: each generation's result and outcome as it ends, and
 * `nextToken()`, which resolves when the next chunk of text is generated (a generation has surely begun).
 */
export function watchServing(app: FastifyInstance, uid: string) {
  const model = app.platform.models.get(uid)
  const results: GenerationResult[] = []
  const outcomes: RequestOutcome[] = []
  let tokenArrived: () => void = () => undefined
  const serve = model.serve.bind(model)
  model.serve = <T>(...[request, options = {}]: Parameters<typeof serve>) =>
    serve<T>(request, {
      ...options,
      onChunk: (text) => {
        options.onChunk?.(text)
        tokenArrived()
      },
      onOutcome: (ended) => {
        options.onOutcome?.(ended)
        outcomes.push(ended)
      },
    }).then((result) => {
      results.push(result as GenerationResult)
      return result
    })
  return { results, outcomes, nextToken: () => new Promise<void>((resolve) => (tokenArrived = resolve)) }
}
