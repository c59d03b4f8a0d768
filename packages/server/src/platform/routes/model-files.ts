import { FileInfoQuery, GgufFileInfo, routePatterns } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { ggufInfo } from '../files/gguf-info.js'
import type { ModelDirs } from '../files/model-dirs.js'
import type { ZodTypeProvider } from '../../http/zod-type-provider.js'
import { specAndUpstream } from '../../http/paths.js'

/** `GET /api/v1/models/file_info?path=`: a GGUF file's own facts, to fill a register form (upstream: auto-register). */
export async function modelFileRoutes(app: FastifyInstance, options: { modelDirs: ModelDirs }) {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  for (const url of specAndUpstream(routePatterns.fileInfo)) {
    typed.get(url, { schema: { querystring: FileInfoQuery, response: { 200: GgufFileInfo } } }, (request) =>
      ggufInfo(options.modelDirs, request.query.path),
    )
  }
}
