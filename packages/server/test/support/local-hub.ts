import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { ggufFileName, loadBuiltinCatalogue } from '../../src/platform/catalogue/families.js'
import { tinyModel } from '../../src/platform/gguf/tiny-models.js'

/** The server's catalogue folder, whether this runs from test/support (Vitest) or from its build in test-dist/. */
const CATALOGUE = ['../../catalogue/', '../../../catalogue/']
  .map((path) => new URL(path, import.meta.url))
  .find((dir) => existsSync(new URL('embedding.json', dir)))

/** The files the built-in catalogue names in each hub repository: this hub lists (and serves) each of them. */
function filesByRepository(): Map<string, string[]> {
  const files = new Map<string, string[]>()
  for (const families of Object.values(loadBuiltinCatalogue(CATALOGUE))) {
    for (const family of families) {
      for (const spec of family.model_specs) {
        for (const repo of [spec.model_id, spec.modelscope_model_id]) {
          if (!repo) continue
          const names = spec.quantizations.flatMap((q) => ggufFileName(spec, q) ?? [])
          files.set(repo, [...(files.get(repo) ?? []), ...names])
        }
      }
    }
  }
  return files
}

export interface LocalHubOptions {
  /** Bytes per second; unlimited when absent. */
  bytesPerSecond?: number
  /** Drop the connection after this many bytes of the first full (non-Range) download of a file. */
  dropFirstAfter?: number
}

export interface LocalHub {
  url: string
  /** Paths requested, with their Range header. */
  requests: { path: string; range: string | undefined }[]
  close: () => Promise<void>
}

/**
 * A stand-in model hub on loopback: it answers Hugging Face's and ModelScope's download URL layouts with a
 * generated GGUF file, so the real download code (progress, resume, size check) runs without the internet.
 */
export async function startLocalHub(options: LocalHubOptions = {}, port = 0): Promise<LocalHub> {
  const file = tinyModel('chat')
  const repositories = filesByRepository()
  const requests: LocalHub['requests'] = []
  let dropped = false
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://hub')
    requests.push({ path: url.pathname + url.search, range: request.headers.range })
    const isHf = /^\/[^/]+\/[^/]+\/resolve\/[^/]+\/.+\.gguf$/.test(url.pathname)
    const isModelscope =
      /^\/api\/v1\/models\/[^/]+\/[^/]+\/repo$/.test(url.pathname) &&
      url.searchParams.get('FilePath')?.endsWith('.gguf')
    if (url.pathname === '/health') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
      return
    }
    // File lists: Hugging Face's `/api/models/{repo}/tree/{revision}`, ModelScope's `.../repo/files`.
    const hfTree = /^\/api\/models\/([^/]+\/[^/]+)\/tree\/[^/]+$/.exec(url.pathname)
    const msFiles = /^\/api\/v1\/models\/([^/]+\/[^/]+)\/repo\/files$/.exec(url.pathname)
    const listed = hfTree ?? msFiles
    if (listed) {
      const names = repositories.get(decodeURIComponent(listed[1] ?? ''))
      if (!names) {
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"error":"Repository not found"}')
        return
      }
      const body = hfTree
        ? names.map((path) => ({ type: 'file', path, size: file.length, lfs: { size: file.length } }))
        : { Code: 200, Data: { Files: names.map((Path) => ({ Path, Size: file.length, Type: 'blob' })) } }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      return
    }
    if (!isHf && !isModelscope) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Entry not found')
      return
    }
    const start = Number(/^bytes=(\d+)-$/.exec(request.headers.range ?? '')?.[1] ?? 0)
    const body = file.subarray(start)
    const headers: Record<string, string | number> = {
      'content-type': 'application/octet-stream',
      'content-length': body.length,
    }
    if (start > 0) headers['content-range'] = `bytes ${start}-${file.length - 1}/${file.length}`
    response.writeHead(start > 0 ? 206 : 200, headers)
    const dropAt = !dropped && start === 0 ? options.dropFirstAfter : undefined
    if (dropAt !== undefined) dropped = true
    const chunk = options.bytesPerSecond ? Math.max(1, Math.floor(options.bytesPerSecond / 20)) : body.length
    let sent = 0
    const pump = () => {
      if (response.destroyed) return
      if (dropAt !== undefined && sent >= dropAt) {
        // Give the client time to store what it got, as a connection lost mid-way would.
        setTimeout(() => response.destroy(), 200)
        return
      }
      const end = Math.min(sent + chunk, body.length, dropAt ?? Infinity)
      response.write(body.subarray(sent, end))
      sent = end
      if (sent >= body.length) response.end()
      else setTimeout(pump, options.bytesPerSecond ? 50 : 0)
    }
    pump()
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address()
  const bound = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export const TINY_GGUF_SIZE = tinyModel('chat').length

/**
 * `node test-dist/test/support/local-hub.js PORT [BYTES_PER_SECOND]`: the stand-in hub as a process, for end-to-end tests
 * that launch through a slow download.
 */
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const [port = '0', rate] = process.argv.slice(2)
  const hub = await startLocalHub(rate ? { bytesPerSecond: Number(rate) } : {}, Number(port))
  console.log(`local hub at ${hub.url}`)
}
