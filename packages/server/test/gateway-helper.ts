import type { IncomingMessage, ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import { loadExchanges, startReplayUpstream, type ReplayOptions } from './support/replay-upstream.js'
import { afterThisTest, testGateway } from './helper.js'

export const RECORDED = fileURLToPath(new URL('../../../fixtures/xinference-recorded/', import.meta.url))
export const VERSIONS = ['v1.8.0', 'v2.12.0', 'v3.2.1'] as const
export type Version = (typeof VERSIONS)[number]

export const recorded = (version: Version, name: string) => {
  const exchange = loadExchanges(`${RECORDED}${version}`).find((one) => one.name.startsWith(name))
  if (!exchange) throw new Error(`${version} has no ${name}`)
  return exchange
}

/** The access token v3 handed out at sign-in (008). */
const v3Token = () => (recorded('v3.2.1', '008').response.body as { access_token: string }).access_token

/** The replay of one version's recordings behind a real gateway; v3's calls carry its token, as recorded. */
export async function gatewayTo(version: Version, options: ReplayOptions = {}) {
  const replay = await startReplayUpstream(`${RECORDED}${version}`, options)
  afterThisTest(() => replay.close())
  const { url } = await testGateway(replay.url)
  const headers: Record<string, string> = version === 'v3.2.1' ? { authorization: `Bearer ${v3Token()}` } : {}
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${url}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } })
  const post = (path: string, body: unknown, method = 'POST') =>
    call(path, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
  return { replay, url, call, post }
}

/** A request written by hand: a head (with the Host every test uses) and an optional body. */
export const raw = (head: string, body = '') => `${head}\r\nHost: 127.0.0.1\r\n\r\n${body}`

/** An upstream's answer as FastAPI writes it: JSON, and typed so (the gateway holds its JSON routes to it). */
export const answerJson = (_request: IncomingMessage, response: ServerResponse) =>
  response.setHeader('content-type', 'application/json').end('{}')
