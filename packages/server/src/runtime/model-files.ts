import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ModelCache } from '../cache/model-cache.js'
import { ggufFileName, modelVersion, type Family, type FamilySpec } from '../catalogue/families.js'
import { downloadFile, type DownloadProgress } from '../download/download-file.js'
import { fileUrl, type Hub, type HubEndpoints } from '../download/hubs.js'
import { tinyModel } from '../gguf/tiny-models.js'
import { HttpError } from '../http-error.js'

export interface ModelFileRequest {
  family: Family
  spec: FamilySpec
  quantization: string
  hub: Hub
}

export interface ModelFileContext {
  cache: ModelCache
  endpoints: HubEndpoints
  signal: AbortSignal
  onProgress: (progress: DownloadProgress) => void
}

/** The local GGUF file a launch needs, from a custom model's path, the cache, the generator or a hub. */
export async function ensureModelFile(request: ModelFileRequest, context: ModelFileContext): Promise<string> {
  const { family, spec, quantization, hub } = request
  const fileName = ggufFileName(spec, quantization)

  if (spec.model_uri) {
    const uri = spec.model_uri.replace(/^file:\/\//, '')
    const path = existsSync(uri) && statSync(uri).isDirectory() && fileName ? join(uri, fileName) : uri
    if (!existsSync(path) || !statSync(path).isFile()) {
      throw new HttpError(400, `Model file ${path} of ${family.model_name} does not exist on this machine`)
    }
    return path
  }
  if (!fileName) throw new HttpError(400, `${family.model_name} names no GGUF file for ${quantization}`)

  const version = modelVersion(family.model_name, spec, quantization)
  const folder = context.cache.folder(version)
  const file = join(folder, fileName)
  if (context.cache.isCached(version) && existsSync(file)) return file
  mkdirSync(folder, { recursive: true })

  if (spec.generated) {
    writeFileSync(file, tinyModel(spec.generated))
  } else {
    const modelId = hub === 'modelscope' ? spec.modelscope_model_id : spec.model_id
    if (!modelId) throw new HttpError(400, `${family.model_name} is not published on ${hub}`)
    const url = fileUrl(context.endpoints, hub, modelId, spec.model_revision ?? 'main', fileName)
    try {
      await downloadFile(url, file, { signal: context.signal, onProgress: context.onProgress })
    } catch (error) {
      if (context.signal.aborted) throw error
      throw new HttpError(503, (error as Error).message)
    }
  }
  context.cache.complete({
    model_name: family.model_name,
    model_version: version,
    model_format: spec.model_format,
    model_size_in_billions: spec.model_size_in_billions ?? null,
    quantization,
    files: [fileName],
  })
  return file
}
