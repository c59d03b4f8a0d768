import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { gatewayTo } from './gateway-helper.js'

/** The status line of a request written by hand: fetch would not send an odd target or another Host. */
function rawStatus(url: string, requestLine: string, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1', () => {
      socket.write(`${requestLine} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
    })
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('end', () => resolve(answer.split('\r\n')[0] ?? ''))
  })
}

describe('the gateway is no open proxy', () => {
  it('refuses other hosts, cross-site writes and absolute or double-slash targets', async () => {
    const { replay, url } = await gatewayTo('v1.8.0')
    expect(await rawStatus(url, 'GET /api/v1/models', 'evil.example')).toMatch(/^HTTP\/1\.1 403/)
    const crossSite = await fetch(`${url}/api/v1/models/x`, {
      method: 'DELETE',
      headers: { origin: 'https://evil.example' },
    })
    expect(crossSite.status).toBe(403)
    const before = replay.requests.length
    for (const target of ['http://evil.example/v1/models', '//evil.example/v1/models', '/\\evil.example/x']) {
      expect(await rawStatus(url, `GET ${target}`)).toMatch(/^HTTP\/1\.1 4\d\d/)
    }
    expect(replay.requests.length).toBe(before)
  })

  it('refuses a forwarded body over the limit without sending it on', async () => {
    const { replay, url } = await gatewayTo('v1.8.0')
    const answer = await fetch(`${url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(200 * 1024 ** 2) },
      body: 'x',
    }).catch(() => null)
    if (answer) expect(answer.status).toBe(413)
    expect(replay.requests.some((request) => request.path === '/v1/audio/transcriptions')).toBe(false)
  })
})
