import { basename, dirname } from 'node:path'
import type { GgufFileInfo } from '@serving-console/contract'
import { GgufFileType, readGgufFileInfo } from 'node-llama-cpp'
import { HttpError } from '../http-error.js'
import type { ModelDirs } from './model-dirs.js'

/**
 * What a GGUF file inside the model folders says about itself (its header, never its weights): architecture,
 * training context, parameter count, file type and chat template. Fills a register form.
 */
export async function ggufInfo(modelDirs: ModelDirs, uri: string): Promise<GgufFileInfo> {
  const path = modelDirs.ggufFile(uri, null, 'path')
  let info
  try {
    info = await readGgufFileInfo(path, { readTensorInfo: true })
  } catch {
    throw new HttpError(400, `${basename(path)} is not a GGUF file this platform can read`)
  }
  const metadata = info.metadata as unknown as Record<string, Record<string, unknown> | undefined>
  const general = metadata.general ?? {}
  const architecture = typeof general.architecture === 'string' ? general.architecture : null
  const contextLength = architecture ? metadata[architecture]?.context_length : undefined
  const embeddingLength = architecture ? metadata[architecture]?.embedding_length : undefined
  const parameters = (info.tensorInfo ?? []).reduce(
    (sum, tensor) => sum + tensor.dimensions.reduce<number>((product, size) => product * Number(size), 1),
    0,
  )
  const fileType = typeof general.file_type === 'number' ? GgufFileType[general.file_type] : undefined
  const template = metadata.tokenizer?.chat_template
  return {
    path,
    folder: dirname(path),
    file_name: basename(path),
    architecture,
    context_length: typeof contextLength === 'number' ? contextLength : null,
    embedding_length: typeof embeddingLength === 'number' ? embeddingLength : null,
    // Billions, to four significant digits past the point (a tiny model is 0.0002).
    size_in_billions: parameters > 0 ? Number((parameters / 1e9).toPrecision(4)) : null,
    // GgufFileType names read MOSTLY_Q4_K_M; the catalogue spells it q4_k_m.
    quantization: fileType ? fileType.replace(/^MOSTLY_/, '').toLowerCase() : null,
    chat_template: typeof template === 'string' ? template : null,
  }
}
