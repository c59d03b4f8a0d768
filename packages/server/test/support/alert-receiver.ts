import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { afterEach } from 'vitest'

/** What an alert channel's receiver was sent. */
export interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: string
}

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))))
})

/** A real receiver on 127.0.0.1 that keeps what it is sent; `statuses` answer the first calls (then 200). */
export async function receiver(statuses: number[] = []) {
  const received: Received[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body })
      response.statusCode = statuses.shift() ?? 200
      response.end('ok')
    })
  })
  servers.push(server)
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { received, url: (path: string) => `http://127.0.0.1:${String(port)}${path}` }
}

/** A webhook channel to a test's receiver (on loopback, so allowed explicitly), as `POST /api/v1/alerts/channels` takes it. */
export const webhookChannel = (url: string, extra: object = {}) => ({
  name: 'hook',
  kind: 'webhook' as const,
  url,
  allow_internal: true,
  enabled: true,
  ...extra,
})

/** Whether a webhook message carries the HMAC of `secret` over its timestamp and body (docs/alerts.md). */
export const verified = (secret: string, message: Received) => {
  const timestamp = String(message.headers['x-serving-console-timestamp'])
  const expected = createHmac('sha256', secret).update(`${timestamp}.${message.body}`).digest('hex')
  return message.headers['x-serving-console-signature'] === `sha256=${expected}`
}
