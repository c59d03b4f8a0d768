import { createServer, type Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { measure } from '../src/platform/benchmark/load.js'

// One benchmark request as a client feels it (docs/benchmarks.md), against small real HTTP servers that stream what
// an upstream may: usage or none, an error inside a 200 stream.

let server: Server | undefined
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())))

async function streaming(events: string[]): Promise<string> {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    for (const event of events) response.write(`data: ${event}\r\n\r\n`)
    response.end()
  })
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done))
  const address = server.address()
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
}

const chunk = (content: string, usage: unknown = null) =>
  JSON.stringify({ choices: [{ index: 0, delta: { content } }], usage })
const chat = { path: '/v1/chat/completions', body: { model: 'm', stream: true } }
const signal = new AbortController().signal

describe('a benchmark request', () => {
  it('counts the tokens the usage says, else the content events', async () => {
    const withUsage = await streaming([chunk('a'), chunk('b'), chunk('', { completion_tokens: 7 }), '[DONE]'])
    expect(await measure(withUsage, chat, {}, signal)).toMatchObject({ ok: true, tokens: 7 })
    server?.close()
    const without = await streaming([chunk('a'), chunk('b'), chunk('c'), chunk(''), '[DONE]'])
    const measured = await measure(without, chat, {}, signal)
    expect(measured).toMatchObject({ ok: true, tokens: 3 })
    expect(measured.gapsMs).toHaveLength(2)
  })

  it('fails on an error the server says inside a 200 stream', async () => {
    const base = await streaming([chunk('a'), JSON.stringify({ error: 'the replica died' })])
    expect(await measure(base, chat, {}, signal)).toMatchObject({ ok: false, error: 'the replica died' })
  })
})
