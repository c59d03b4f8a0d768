/**
 * A minimal GGUF v3 writer: typed metadata and F32 tensors, which is all the generated test models need.
 * Layout: magic, version, tensor count, kv count; key/values; tensor infos; padding; tensor data, each tensor
 * aligned to `general.alignment`.
 */

const ALIGNMENT = 32

enum ValueType {
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
}

export type MetadataValue =
  | { type: 'u32'; value: number }
  | { type: 'i32'; value: number }
  | { type: 'f32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'string[]'; value: string[] }
  | { type: 'f32[]'; value: number[] }
  | { type: 'i32[]'; value: number[] }

export interface Tensor {
  name: string
  /** ggml order: the first dimension is the innermost (a row's length). */
  dims: number[]
  data: Float32Array
}

class ByteWriter {
  private chunks: Buffer[] = []
  length = 0

  push(buffer: Buffer) {
    this.chunks.push(buffer)
    this.length += buffer.length
  }
  u32(value: number) {
    const b = Buffer.alloc(4)
    b.writeUInt32LE(value)
    this.push(b)
  }
  i32(value: number) {
    const b = Buffer.alloc(4)
    b.writeInt32LE(value)
    this.push(b)
  }
  u64(value: number) {
    const b = Buffer.alloc(8)
    b.writeBigUInt64LE(BigInt(value))
    this.push(b)
  }
  f32(value: number) {
    const b = Buffer.alloc(4)
    b.writeFloatLE(value)
    this.push(b)
  }
  string(value: string) {
    const bytes = Buffer.from(value, 'utf8')
    this.u64(bytes.length)
    this.push(bytes)
  }
  pad(alignment: number) {
    const rest = this.length % alignment
    if (rest) this.push(Buffer.alloc(alignment - rest))
  }
  toBuffer() {
    return Buffer.concat(this.chunks)
  }
}

/** Writes a value's type, then the value; an array's items are written as its item type's values are. */
function writeValue(out: ByteWriter, entry: MetadataValue) {
  switch (entry.type) {
    case 'u32':
      return writeTyped(out, ValueType.UINT32, () => out.u32(entry.value))
    case 'i32':
      return writeTyped(out, ValueType.INT32, () => out.i32(entry.value))
    case 'f32':
      return writeTyped(out, ValueType.FLOAT32, () => out.f32(entry.value))
    case 'bool':
      return writeTyped(out, ValueType.BOOL, () => out.push(Buffer.from([entry.value ? 1 : 0])))
    case 'string':
      return writeTyped(out, ValueType.STRING, () => out.string(entry.value))
    case 'string[]':
      return writeArray(out, ValueType.STRING, entry.value, (item) => out.string(item))
    case 'f32[]':
      return writeArray(out, ValueType.FLOAT32, entry.value, (item) => out.f32(item))
    case 'i32[]':
      return writeArray(out, ValueType.INT32, entry.value, (item) => out.i32(item))
  }
}

function writeTyped(out: ByteWriter, type: ValueType, writeContent: () => void) {
  out.u32(type)
  writeContent()
}

/** An array: its type, its items' type and count, then the items. */
function writeArray<T>(out: ByteWriter, itemType: ValueType, items: T[], writeItem: (item: T) => void) {
  writeTyped(out, ValueType.ARRAY, () => {
    out.u32(itemType)
    out.u64(items.length)
    for (const item of items) writeItem(item)
  })
}

export function writeGguf(metadata: Record<string, MetadataValue>, tensors: Tensor[]): Buffer {
  const out = new ByteWriter()
  out.push(Buffer.from('GGUF', 'ascii'))
  out.u32(3)
  out.u64(tensors.length)
  const entries = Object.entries({
    ...metadata,
    'general.alignment': { type: 'u32', value: ALIGNMENT } as const,
  })
  out.u64(entries.length)
  for (const [key, value] of entries) {
    out.string(key)
    writeValue(out, value)
  }
  let offset = 0
  for (const tensor of tensors) {
    const count = tensor.dims.reduce((a, b) => a * b, 1)
    if (count !== tensor.data.length)
      throw new Error(`tensor ${tensor.name}: ${count} elements declared, ${tensor.data.length} given`)
    out.string(tensor.name)
    out.u32(tensor.dims.length)
    for (const dim of tensor.dims) out.u64(dim)
    out.u32(0) // F32
    out.u64(offset)
    offset += Math.ceil((count * 4) / ALIGNMENT) * ALIGNMENT
  }
  out.pad(ALIGNMENT)
  for (const tensor of tensors) {
    out.push(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength))
    out.pad(ALIGNMENT)
  }
  return out.toBuffer()
}
