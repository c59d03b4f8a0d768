import { GgmlType, GgufFileType, type GgufTensorInfo } from 'node-llama-cpp'
import { describe, expect, it } from 'vitest'
import { quantizationOf } from '../src/platform/files/gguf-info.js'

const tensor = (ggmlType: GgmlType, dimensions: number[]): GgufTensorInfo => ({
  name: 'w',
  dimensions,
  ggmlType,
  offset: 0,
  fileOffset: 0,
  filePart: 1,
})

describe('quantizationOf', () => {
  it('spells the file type as the catalogue does', () => {
    expect(quantizationOf(GgufFileType.MOSTLY_Q4_K_M, [])).toBe('q4_k_m')
    expect(quantizationOf(GgufFileType.MOSTLY_F16, [])).toBe('f16')
    expect(quantizationOf(GgufFileType.ALL_F32, [])).toBe('f32')
  })

  it('without a file type, names the type most of the weights are stored in', () => {
    const weights = [tensor(GgmlType.Q8_0, [64, 64]), tensor(GgmlType.F32, [64]), tensor(GgmlType.Q8_0, [64])]
    expect(quantizationOf(undefined, weights)).toBe('q8_0')
    expect(quantizationOf(undefined, [])).toBeNull()
  })
})
