import { basename, dirname } from 'node:path'
import type { GgufFileInfo } from '@serving-console/contract'
import { GgmlType, GgufFileType, readGgufFileInfo, type GgufTensorInfo } from 'node-llama-cpp'
import { HttpError } from '../../http/http-error.js'
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
  const parameters = (info.tensorInfo ?? []).reduce((sum, tensor) => sum + elementsOf(tensor), 0)
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
    quantization: quantizationOf(general.file_type, info.tensorInfo ?? []),
    chat_template: typeof template === 'string' ? template : null,
  }
}

const elementsOf = (tensor: GgufTensorInfo) =>
  tensor.dimensions.reduce<number>((product, size) => product * Number(size), 1)

/**
 * The file's quantization as the catalogue spells it (q4_k_m, f16): its file type (GgufFileType names read
 * MOSTLY_Q4_K_M, ALL_F32), or — for a file written without one — the type most of its weights are stored in.
 * Null when neither says: the form then sends SPEC's `default`.
 */
export function quantizationOf(fileType: unknown, tensors: readonly GgufTensorInfo[]): string | null {
  const named = typeof fileType === 'number' ? GgufFileType[fileType] : undefined
  if (named) return named.replace(/^(MOSTLY|ALL)_/, '').toLowerCase()
  const elements = new Map<GgmlType, number>()
  for (const tensor of tensors) {
    elements.set(tensor.ggmlType, (elements.get(tensor.ggmlType) ?? 0) + elementsOf(tensor))
  }
  const [most] = [...elements].sort(([, a], [, b]) => b - a)[0] ?? []
  // A type newer than this reader has no name.
  const name: string | undefined = most === undefined ? undefined : GgmlType[most]
  return name ? name.toLowerCase() : null
}
