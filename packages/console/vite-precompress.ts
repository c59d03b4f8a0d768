import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/** What is worth compressing: text the browser fetches (source maps are fetched by developer tools only). */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/
/** Below a network packet, compression saves nothing. */
const MIN_BYTES = 1024

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, compressed once at the best
 * level, so the platform sends them as they are (@fastify/static `preCompressed`) instead of ~4× the bytes, and
 * spends no CPU per request on it. At writeBundle, because until then other plugins still rewrite the code.
 */
export function precompress(): Plugin {
  return {
    name: 'serving-console:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist'
      for (const file of Object.values(bundle)) {
        if (!COMPRESSIBLE.test(file.fileName)) continue
        const source = Buffer.from(file.type === 'chunk' ? file.code : file.source)
        if (source.length < MIN_BYTES) continue
        compressBeside(join(dir, file.fileName), source)
      }
    },
  }
}

/** Writes `source`, the content of the file at `path`, beside it as `.br` and `.gz`, at the best level. */
export function compressBeside(path: string, source: Buffer): void {
  const quality = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY }
  writeFileSync(`${path}.br`, brotliCompressSync(source, { params: quality }))
  writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }))
}
