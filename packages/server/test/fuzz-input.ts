import { connect } from 'node:net'

// The fuzz's hostile input (test/fuzz.test.ts): seeded, so a failure replays exactly.

/** mulberry32: a small seeded generator. */
export function random(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (max: number) => Math.floor(next() * max)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T
  return { next, int, pick }
}
export type Random = ReturnType<typeof random>

export const ROUTES = [
  '/api/v1/models',
  '/v1/models',
  '/api/v1/models/{x}',
  '/api/v1/models/{x}/progress',
  '/api/v1/models/{x}/cancel',
  '/api/v1/models/{x}/replicas',
  '/api/v1/models/{x}/logs',
  '/api/v1/models/launches',
  '/api/v1/model_registrations/{x}',
  '/api/v1/model_registrations/{x}/{x}',
  '/v1/model_registrations/LLM',
  '/api/v1/model_registrations/embedding',
  '/api/v1/engines/{x}',
  '/api/v1/cache/models',
  '/api/v1/chat/completions',
  '/v1/completions',
  '/v1/embeddings',
  '/v1/rerank',
  '/api/v1/ui/{x}',
  '/api/v1/ui/images/{x}',
  '/token',
  '/api/v1/cluster/auth',
  '/v1/cluster/info',
  '/api/v1/cluster/devices',
  '/ui/{x}',
  '/{x}',
]

const SEGMENTS = [
  'LLM',
  'llm',
  'embedding',
  'nope',
  '..',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%E0%A4%A',
  'a'.repeat(300),
  '%F0%9F%98%80',
  'con',
  '~root',
  '.',
  '%2F',
  'x;y',
]

export function segment(r: Random): string {
  return r.next() < 0.7 ? r.pick(SEGMENTS) : `m${r.int(1e6)}`
}

function value(r: Random, depth: number): unknown {
  const kind = r.int(depth > 4 ? 6 : 9)
  switch (kind) {
    case 0:
      return null
    case 1:
      return r.next() < 0.5
    case 2:
      return r.pick([0, -1, 1e308, -1e308, 1.5, 2 ** 53, 7, 1_000_000_000])
    case 3:
      return r.pick([
        '',
        'x',
        '../../etc/passwd',
        '\u0000',
        'a'.repeat(5000),
        'ggufv2',
        '{quantization}',
        'auto',
      ])
    case 4:
      return r.pick(['LLM', 'embedding', 'chat', '{"model_name":"x"}', 'file:///etc/passwd'])
    case 5:
      return r.int(100)
    case 6:
    case 7:
      return Array.from({ length: r.int(5) }, () => value(r, depth + 1))
    default:
      return Object.fromEntries(
        Array.from({ length: r.int(6) }, () => [
          r.pick([
            'model_name',
            'model_type',
            'model_uid',
            'replica',
            'model',
            'persist',
            'model_specs',
            'model_uri',
            'model_file_name_template',
            'generated',
            'messages',
            'max_tokens',
            'input',
            'documents',
            'query',
            '__proto__',
            'constructor',
            'username',
            'password',
          ]),
          value(r, depth + 1),
        ]),
      )
  }
}

/** One hostile body and its content type. */
export function body(r: Random): { payload?: string; type?: string } {
  switch (r.int(9)) {
    case 0:
      return {}
    case 1:
      return { payload: '{"model_name": ', type: 'application/json' }
    case 2:
      return { payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}`, type: 'application/json' }
    case 3:
      return { payload: JSON.stringify({ junk: 'x'.repeat(1_500_000) }), type: 'application/json' }
    case 4:
      return { payload: 'model_name=x', type: r.pick(['text/plain', 'application/x-www-form-urlencoded']) }
    case 5: {
      // A registration whose `model` string is itself hostile.
      const inner =
        r.next() < 0.5 ? JSON.stringify(value(r, 0)) : `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`
      return { payload: JSON.stringify({ model: inner, persist: true }), type: 'application/json' }
    }
    case 6:
      return { payload: '{"__proto__": {"polluted": true}}', type: 'application/json' }
    default:
      return { payload: JSON.stringify(value(r, 0)), type: 'application/json' }
  }
}

/** A raw request line and headers that Node's HTTP parser must refuse or survive. */
export function rawRequest(r: Random, port: number): string {
  return r.pick([
    `GET /\u0000 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    `GET /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    `POST /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    `BREW /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    `GET /api/v1/models HTTP/9.9\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    `POST /token HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\nhello`,
    `garbage\r\n\r\n`,
    // A read that claims a body (request smuggling through a proxy), and paths that climb out of a base.
    `GET /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 40\r\n\r\nGET /v1/cluster/info HTTP/1.1\r\nHost: x\r\n\r\n`,
    `DELETE /api/v1/models/x HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    `GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    `GET /v1/..%2f..%2fx HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    `TRACE /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: token=secret\r\n\r\n`,
  ])
}

/** Sends `text` as it is and answers the status the server answered (0 for none). */
export function sendRaw(port: number, text: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.setTimeout(5000, () => socket.destroy())
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('error', () => undefined)
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)))
    socket.end(text)
  })
}
