import { describe, expect, it } from 'vitest'
import { fileURLToPath } from 'node:url'
import { loadExchanges, startReplayUpstream } from './support/replay-upstream.js'
import { afterThisTest, authFile, testApp, testGateway } from './helper.js'
import { closedAfter } from './upstreams.js'

/** Short limits, so each phase's cut-off can be watched happen. */
const SHORT = { headMs: 400, bodyIdleMs: 400, requestMs: 1500 }

async function listening(timeouts = SHORT) {
  const app = await testApp({ timeouts })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
}

const head = (length: number) =>
  `POST /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`

describe('every phase of a request has a limit', () => {
  it('closes a connection whose head never ends', async () => {
    const url = await listening()
    const closed = await closedAfter(url, (socket) =>
      socket.write('GET /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\n'),
    )
    expect(closed).toBeGreaterThanOrEqual(SHORT.headMs - 50)
    expect(closed).toBeLessThan(SHORT.headMs + 2000)
  })

  it('closes a connection whose body stops coming', async () => {
    const url = await listening()
    const closed = await closedAfter(url, (socket) => socket.write(`${head(100)}{"model_na`))
    expect(closed).toBeGreaterThanOrEqual(SHORT.bodyIdleMs - 50)
    expect(closed).toBeLessThan(SHORT.bodyIdleMs + 2000)
  })

  it('closes a connection whose body trickles in slower than the whole request may take', async () => {
    const url = await listening()
    let timer: NodeJS.Timeout | undefined
    const closed = await closedAfter(url, (socket) => {
      socket.write(head(1000))
      // A byte every 100 ms never trips the idle limit; the whole request's limit ends it.
      timer = setInterval(() => socket.writable && socket.write(' '), 100)
    })
    clearInterval(timer)
    expect(closed).toBeGreaterThanOrEqual(SHORT.requestMs - 50)
    expect(closed).toBeLessThan(SHORT.requestMs + 2500)
  })

  it('leaves the keep-alive limit alone after answering a request whose body it did not read', async () => {
    const app = await testApp({ authConfig: authFile(), timeouts: { ...SHORT, keepAliveMs: 300 } })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    // Refused (401) before its body, which came whole, was read; the connection is kept alive, and then closed
    // when idle as any other.
    const closed = await closedAfter(url, (socket) =>
      socket.write(
        'POST /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer not-a-token\r\n' +
          'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      ),
    )
    expect(closed).toBeLessThan(SHORT.bodyIdleMs + 2000)
  })

  it('keeps a request open for as long as its answer takes, once its body is in', async () => {
    const recorded = fileURLToPath(new URL('../../../fixtures/xinference-recorded/v1.8.0', import.meta.url))
    const replay = await startReplayUpstream(recorded, { launchDelayMs: 3 * SHORT.bodyIdleMs })
    afterThisTest(() => replay.close())
    const { url } = await testGateway(replay.url, { timeouts: SHORT })
    const recordedLaunch = loadExchanges(recorded).find((exchange) => exchange.number === 112)
    const launch = await fetch(`${url}/api/v1/models`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(recordedLaunch?.request.body),
    })
    expect(launch.status).toBe(200)
    expect(await launch.json()).toEqual({ model_uid: 'tiny' })
  })
})
