import { api } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { ggufInfo } from '../files/gguf-info.js'
import type { ModelDirs } from '../files/model-dirs.js'
import { serve } from '../../http/serve.js'

/** A GGUF file's own facts, to fill a register form (upstream: auto-register). */
export async function modelFileRoutes(app: FastifyInstance, options: { modelDirs: ModelDirs }) {
  serve(app, api.getFileInfo, (request) => ggufInfo(options.modelDirs, request.query.path))
}
