import { EngineMap } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { recommendedCascade } from './recommended'
import { formatOptions, quantizationOptions, settleCascade, sizeOptions } from './launch-options'

describe('engine cascade', () => {
  const engines = EngineMap.parse({
    'llama.cpp': [
      {
        model_name: 'm',
        model_format: 'ggufv2',
        model_size_in_billions: '0_5',
        quantizations: ['q4_k_m', 'q8_0'],
      },
      { model_name: 'm', model_format: 'ggufv2', model_size_in_billions: 7, quantizations: ['q4_k_m'] },
    ],
    Transformers: 'needs a cluster',
  })

  it('fills formats, sizes and quantizations from the engine map', () => {
    expect(formatOptions(engines, 'llama.cpp')).toEqual(['ggufv2'])
    expect(sizeOptions(engines, 'llama.cpp', 'ggufv2')).toEqual(['0_5', '7'])
    expect(quantizationOptions(engines, 'llama.cpp', 'ggufv2', '0_5')).toEqual(['q4_k_m', 'q8_0'])
  })

  it('picks single options, clears what no longer fits, keeps what still fits', () => {
    expect(settleCascade(engines, { engine: '', format: '', size: '', quantization: '' })).toEqual({
      engine: 'llama.cpp',
      format: 'ggufv2',
      size: '',
      quantization: '',
    })
    expect(
      settleCascade(engines, { engine: 'llama.cpp', format: 'ggufv2', size: '7', quantization: '' })
        .quantization,
    ).toBe('q4_k_m')
    expect(
      settleCascade(engines, { engine: 'llama.cpp', format: 'ggufv2', size: '7', quantization: 'q8_0' })
        .quantization,
    ).toBe('q4_k_m')
    expect(
      settleCascade(engines, { engine: 'llama.cpp', format: 'ggufv2', size: '0_5', quantization: 'q8_0' }),
    ).toEqual({
      engine: 'llama.cpp',
      format: 'ggufv2',
      size: '0_5',
      quantization: 'q8_0',
    })
    expect(
      settleCascade(engines, { engine: 'Transformers', format: 'pytorch', size: '7', quantization: 'none' })
        .format,
    ).toBe('ggufv2')
  })
})

describe('the card’s recommendation', () => {
  const engines = EngineMap.parse({
    'llama.cpp': [
      { model_format: 'ggufv2', model_size_in_billions: '0_5', quantizations: ['q4_k_m', 'q8_0'] },
      { model_format: 'ggufv2', model_size_in_billions: 3, quantizations: ['q4_k_m', 'q8_0'] },
    ],
    vLLM: 'vLLM is not installed',
  })
  it('is the engine, format, size and quantization that offer the best fit', () => {
    expect(
      recommendedCascade(engines, { model_size_in_billions: 3, quantization: 'q8_0', fit: 'tight' }),
    ).toEqual({ engine: 'llama.cpp', format: 'ggufv2', size: '3', quantization: 'q8_0' })
    expect(
      recommendedCascade(engines, { model_size_in_billions: '0_5', quantization: 'q4_k_m', fit: 'fits' }),
    ).toMatchObject({ size: '0_5', quantization: 'q4_k_m' })
  })
  it('is none when nothing fits, nothing is known, or the engines offer no such choice', () => {
    expect(
      recommendedCascade(engines, { model_size_in_billions: 3, quantization: 'q8_0', fit: 'no' }),
    ).toBeNull()
    expect(
      recommendedCascade(engines, { model_size_in_billions: 3, quantization: null, fit: 'fits' }),
    ).toBeNull()
    expect(
      recommendedCascade(engines, { model_size_in_billions: 7, quantization: 'q8_0', fit: 'fits' }),
    ).toBeNull()
    expect(recommendedCascade(engines, undefined)).toBeNull()
  })
})
