import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { pageFile, pageLocale } from './console-page.js'

/** Paths that are the console itself (its files and the redirects to them), not the API. */
export function isConsolePath(url: string): boolean {
  return url === '/' || url === '/ui' || url === '/ui/' || url.startsWith('/ui/')
}

/**
 * Serves the console build under /ui/, compressed where the browser accepts it. Hashed assets are cached for good,
 * index.html never, so a new build shows at the next load. `/` and `/ui` lead to `/ui/`; a path deep link such as /ui/cluster_info leads to its
 * hash route, since the console routes by hash.
 */
export async function consoleStatic(app: FastifyInstance, options: { consoleDir: string }) {
  const { consoleDir } = options
  app.get('/', (_request, reply) => reply.redirect('/ui/'))
  // Relative asset paths resolve only under the trailing slash.
  app.get('/ui', (_request, reply) => reply.redirect('/ui/'))

  if (!existsSync(join(consoleDir, 'index.html'))) {
    app.log.warn({ consoleDir }, 'console build not found')
    app.get('/ui/*', (_request, reply) =>
      reply.code(503).send({ detail: `The console is not built (no ${consoleDir}). Run "npm run build".` }),
    )
    return
  }

  const built = new Set(readdirSync(consoleDir))
  // The page in the person's language: its first screen is in the HTML (console: app/shell/prerendered-shell.ts).
  const sendPage = (request: FastifyRequest, reply: FastifyReply) =>
    reply.sendFile(pageFile(pageLocale(request.headers), built))

  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root: consoleDir,
        prefix: '/',
        cacheControl: false,
        redirect: false,
        index: false,
        // The build writes .br and .gz beside each file (console/vite-precompress.ts): sent as they are.
        preCompressed: true,
        setHeaders(response, filePath) {
          // One address, several encodings (and for the page, languages): a shared cache must key on what the
          // browser accepts and the language it chose.
          response.setHeader(
            'vary',
            /\.html(\.br|\.gz)?$/.test(filePath)
              ? 'accept-encoding, accept-language, cookie'
              : 'accept-encoding',
          )
          response.setHeader(
            'cache-control',
            filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          )
        },
      })
      // Only /ui/: /ui leads there (relative asset paths resolve only under the trailing slash).
      scope.route({ method: 'GET', url: '/', prefixTrailingSlash: 'slash', handler: sendPage })
      scope.get('/index.html', sendPage)
      scope.setNotFoundHandler((request, reply) => {
        const rest = request.url.slice('/ui/'.length).split('?')[0] ?? ''
        if (request.method === 'GET' && rest !== '' && !rest.includes('.')) {
          return reply.redirect(`/ui/#/${rest}`)
        }
        return reply.code(404).send({ detail: 'Not Found' })
      })
    },
    { prefix: '/ui' },
  )
}
