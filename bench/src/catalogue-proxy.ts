import { createServer, request, type Server } from 'node:http'
import { gzipSync } from 'node:zlib'

/** The request the Launch page's LLM tab makes for its catalogue. */
export const CATALOGUE_PATH = '/api/v1/model_registrations/LLM?detailed=true'

/**
 * A front for the real platform that answers the LLM catalogue with a chosen body, as the platform sends its own
 * (gzip), and passes every other request through. The page gets the big catalogues over a real socket: Playwright's
 * `page.route` would add its own round trip through the test driver (~100 ms for 1 MiB), which no user sees.
 */
export function catalogueProxy(platformPort: number) {
  let gzip = gzipSync('[]')
  const server: Server = createServer((incoming, outgoing) => {
    if (incoming.method === 'GET' && incoming.url === CATALOGUE_PATH) {
      outgoing.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-encoding': 'gzip',
        'cache-control': 'no-cache',
      })
      outgoing.end(gzip)
      return
    }
    const forwarded = request(
      {
        port: platformPort,
        host: '127.0.0.1',
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    forwarded.on('error', () => outgoing.destroy())
    incoming.pipe(forwarded)
  })
  return {
    /** What the catalogue request gets from now on. */
    answer(body: string) {
      gzip = gzipSync(body)
    },
    listen: (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}
