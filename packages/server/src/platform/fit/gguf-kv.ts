import { stat } from 'node:fs/promises'
import { readGgufFileInfo } from 'node-llama-cpp'

/** KV cache entries are f16, as node-llama-cpp's contexts keep them unless told otherwise. */
const KV_BYTES = 2

type Metadata = Record<string, Record<string, unknown> | undefined>

const sum = (value: unknown, layers: number): number | null =>
  typeof value === 'number'
    ? value * layers
    : Array.isArray(value) && value.every((item) => typeof item === 'number')
      ? value.reduce<number>((total, item) => total + item, 0)
      : null

/**
 * Bytes of KV cache one token takes in a GGUF model, from its header: for each layer, keys and values of every
 * KV head (grouped-query attention keeps fewer KV heads than query heads). Null when the header does not say.
 */
export function kvBytesPerToken(metadata: Metadata): number | null {
  const architecture = metadata.general?.architecture
  if (typeof architecture !== 'string') return null
  const facts = metadata[architecture] ?? {}
  const attention = (facts.attention ?? {}) as Record<string, unknown>
  const layers = facts.block_count
  const width = facts.embedding_length
  if (typeof layers !== 'number' || typeof width !== 'number') return null
  const heads = typeof attention.head_count === 'number' ? attention.head_count : null
  // Per-layer KV head counts (a list) are summed over the layers; one number counts for every layer.
  const kvHeads = sum(attention.head_count_kv ?? heads, layers)
  if (kvHeads === null || !heads) return null
  const keyLength = typeof attention.key_length === 'number' ? attention.key_length : width / heads
  const valueLength = typeof attention.value_length === 'number' ? attention.value_length : width / heads
  return kvHeads * (keyLength + valueLength) * KV_BYTES
}

/**
 * Reads headers once per file: a cached model's header is kept by path, size and modification time, so a
 * catalogue of many cached models is read from disk once, not on every question.
 */
export class GgufHeaders {
  private readonly known = new Map<string, { stamp: string; kvBytesPerToken: number | null }>()

  async kvBytesPerToken(path: string): Promise<number | null> {
    let stamp: string
    try {
      const facts = await stat(path)
      stamp = `${String(facts.size)}:${String(facts.mtimeMs)}`
    } catch {
      return null
    }
    const kept = this.known.get(path)
    if (kept?.stamp === stamp) return kept.kvBytesPerToken
    let value: number | null
    try {
      const info = await readGgufFileInfo(path, { readTensorInfo: false })
      value = kvBytesPerToken(info.metadata)
    } catch {
      value = null
    }
    this.known.set(path, { stamp, kvBytesPerToken: value })
    return value
  }
}
