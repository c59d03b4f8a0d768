import { describe, expect, it } from 'vitest'
import {
  buildPayload,
  emptyForm,
  formFromPayload,
  freeUid,
  platformFieldsAsExtra,
  platformFieldsInvalid,
} from './launch-form'
import { missingChoices } from './validation'
import { typedValue } from './typed-value'
import { duplicateKeyError, gpuIdxError, listInvalid, rangeError, requestLimitsError } from './validation'

describe('typed values and payloads', () => {
  it("turns 'none', booleans and numbers into their types", () => {
    expect(typedValue('none')).toBeNull()
    expect(typedValue('true')).toBe(true)
    expect(typedValue('false')).toBe(false)
    expect(typedValue('0.5')).toBe(0.5)
    expect(typedValue('-3')).toBe(-3)
    expect(typedValue('1e3')).toBe(1000)
    expect(typedValue('abc')).toBe('abc')
    expect(typedValue('12abc')).toBe('12abc')
  })

  it('builds the LLM payload of SPEC §3', () => {
    const form = {
      ...emptyForm(2),
      engine: 'llama.cpp',
      format: 'ggufv2',
      size: '0_5',
      quantization: 'q4_k_m',
      nGpu: '2',
      nGpuLayers: 10,
      replica: 2,
      requestLimits: '8',
      gpuIdx: '0, 1',
      downloadHub: 'modelscope',
      extra: [
        { key: 'enable_thinking', value: 'false' },
        { key: 'n_ctx', value: '4096' },
        { key: '', value: '' },
      ],
      loras: [{ key: 'style', value: '/loras/style' }],
      imageLoraLoad: [{ key: 'scale', value: '0.5' }],
    }
    expect(buildPayload('LLM', 'qwen2.5-instruct', form)).toEqual({
      enable_thinking: false,
      n_ctx: 4096,
      model_uid: 'qwen2.5-instruct',
      model_name: 'qwen2.5-instruct',
      model_type: 'LLM',
      model_engine: 'llama.cpp',
      model_format: 'ggufv2',
      model_size_in_billions: '0_5',
      quantization: 'q4_k_m',
      n_gpu: 2,
      n_gpu_layers: 10,
      replica: 2,
      request_limits: 8,
      worker_ip: null,
      gpu_idx: [0, 1],
      download_hub: 'modelscope',
      peft_model_config: {
        lora_list: [{ lora_name: 'style', local_path: '/loras/style' }],
        image_lora_load_kwargs: { scale: 0.5 },
        image_lora_fuse_kwargs: null,
      },
    })
  })

  it('leaves out negative N GPU Layers, sends CPU as null and numeric sizes as numbers', () => {
    const payload = buildPayload('LLM', 'm', {
      ...emptyForm(0),
      modelUid: ' mine ',
      engine: 'llama.cpp',
      format: 'ggufv2',
      size: '7',
      quantization: 'q4',
    })
    expect(payload).not.toHaveProperty('n_gpu_layers')
    expect(payload).toMatchObject({
      model_uid: 'mine',
      n_gpu: null,
      model_size_in_billions: 7,
      request_limits: null,
      peft_model_config: null,
    })
  })

  it('builds the other kinds’ payloads', () => {
    expect(buildPayload('embedding', 'bge-m3', { ...emptyForm(1), gpuIdx: '0' })).toEqual({
      model_uid: 'bge-m3',
      model_name: 'bge-m3',
      model_type: 'embedding',
      download_hub: null,
      replica: 1,
      n_gpu: 'auto',
      worker_ip: null,
      gpu_idx: [0],
    })
    expect(buildPayload('rerank', 'r', emptyForm(0))).toMatchObject({ n_gpu: null, gpu_idx: null })
    expect(buildPayload('image', 'sd-turbo', { ...emptyForm(0), downloadHub: 'huggingface' })).toEqual({
      model_uid: 'sd-turbo',
      model_name: 'sd-turbo',
      model_type: 'image',
      download_hub: 'huggingface',
    })
  })

  it('restores a saved payload into the form (Last Config)', () => {
    const form = {
      ...emptyForm(0),
      engine: 'llama.cpp',
      format: 'ggufv2',
      size: '0_5',
      quantization: 'q4',
      replica: 3,
      extra: [
        { key: 'flag', value: 'true' },
        { key: 'n_parallel', value: '8' },
      ],
      loras: [{ key: 'a', value: '/a' }],
    }
    const payload = buildPayload('LLM', 'm', form) as Record<string, unknown>
    const restored = formFromPayload(payload, 0)
    expect(restored).toMatchObject({
      modelUid: 'm',
      engine: 'llama.cpp',
      size: '0_5',
      quantization: 'q4',
      replica: 3,
      nGpu: 'CPU',
    })
    // n_parallel, typed as an additional parameter before it had a field, comes back in its own field.
    expect(payload.n_parallel).toBe(8)
    expect(restored.extra).toEqual([{ key: 'flag', value: 'true' }])
    expect(restored.nParallel).toBe('8')
    expect(restored.loras).toEqual([{ key: 'a', value: '/a' }])
    expect(buildPayload('LLM', 'm', restored)).toEqual(payload)
  })
})

describe('the platform’s own options', () => {
  it('send n_parallel and idle_ttl for what the platform runs, n_ctx for language models, when filled', () => {
    const form = { ...emptyForm(0), nParallel: '8', nCtx: '1024', idleTtl: '30' }
    expect(buildPayload('LLM', 'm', form)).toMatchObject({ n_parallel: 8, n_ctx: 1024, idle_ttl: 30 })
    expect(buildPayload('embedding', 'e', form)).toMatchObject({ n_parallel: 8, idle_ttl: 30 })
    expect(buildPayload('rerank', 'r', form)).toMatchObject({ n_parallel: 8, idle_ttl: 30 })
    expect(buildPayload('embedding', 'e', form)).not.toHaveProperty('n_ctx')
    expect(buildPayload('image', 'i', form)).not.toHaveProperty('idle_ttl')
    expect(buildPayload('image', 'i', form)).not.toHaveProperty('n_parallel')
    expect(buildPayload('LLM', 'm', emptyForm(0))).not.toHaveProperty('n_parallel')
    expect(buildPayload('LLM', 'm', emptyForm(0))).not.toHaveProperty('n_ctx')
    expect(formFromPayload({ model_name: 'm', idle_ttl: 30, n_parallel: 2, n_ctx: 512 }, 0)).toMatchObject({
      idleTtl: '30',
      nParallel: '2',
      nCtx: '512',
    })
  })

  it('go back to the additional parameters for a gateway, and are sent from there the same', () => {
    const form = { ...emptyForm(0), nParallel: '8', extra: [{ key: 'seed', value: '1' }] }
    const moved = platformFieldsAsExtra(form)
    expect(moved.nParallel).toBe('')
    expect(moved.extra).toEqual([
      { key: 'seed', value: '1' },
      { key: 'n_parallel', value: '8' },
    ])
    expect(buildPayload('LLM', 'm', moved)).toEqual(buildPayload('LLM', 'm', form))
    expect(platformFieldsAsExtra(emptyForm(0))).toEqual(emptyForm(0))
  })

  it('are whole numbers within the platform’s bounds', () => {
    expect(rangeError('', 1, 64)).toBeNull()
    expect(rangeError('64', 1, 64)).toBeNull()
    expect(rangeError('65', 1, 64)).toBe('Please enter a whole number from 1 to 64')
    expect(rangeError('0', 1, 64)).not.toBeNull()
    expect(rangeError('2.5', 1, 64)).not.toBeNull()
    expect(platformFieldsInvalid('LLM', { ...emptyForm(0), idleTtl: '43201' })).toBe(true)
    expect(platformFieldsInvalid('LLM', { ...emptyForm(0), idleTtl: '43200' })).toBe(false)
    expect(platformFieldsInvalid('embedding', { ...emptyForm(0), nParallel: '0' })).toBe(true)
    expect(platformFieldsInvalid('LLM', { ...emptyForm(0), nCtx: '127' })).toBe(true)
    expect(platformFieldsInvalid('LLM', { ...emptyForm(0), nCtx: '128' })).toBe(false)
    // Not a field of this kind: not checked.
    expect(platformFieldsInvalid('embedding', { ...emptyForm(0), nCtx: '1' })).toBe(false)
  })
})

describe('validation', () => {
  it('checks request limits and GPU indexes with SPEC’s messages', () => {
    expect(requestLimitsError('')).toBeNull()
    expect(requestLimitsError('3')).toBeNull()
    expect(requestLimitsError('0')).toBe('Please enter an integer greater than 0')
    expect(requestLimitsError('1.5')).toBe('Please enter an integer greater than 0')
    expect(gpuIdxError('0,1,2')).toBeNull()
    expect(gpuIdxError('0,a')).toBe('Please enter numeric data separated by commas, for example: 0,1,2')
    expect(gpuIdxError('0,,1')).not.toBeNull()
  })

  it('finds duplicate keys and half-filled rows', () => {
    expect(
      duplicateKeyError([
        { key: 'a', value: '1' },
        { key: 'a', value: '2' },
      ]),
    ).toBe('a must be unique')
    expect(listInvalid([{ key: 'a', value: '' }])).toBe(true)
    expect(listInvalid([{ key: '', value: '' }])).toBe(false)
    expect(listInvalid([{ key: 'a', value: '1' }])).toBe(false)
  })
})

describe('the launch form’s help', () => {
  it('offers a uid nothing runs under', () => {
    expect(freeUid('tiny', new Set())).toBe('tiny')
    expect(freeUid('tiny', new Set(['tiny', 'tiny-2', 'other']))).toBe('tiny-3')
  })

  it('names the choices LAUNCH still needs, in the form’s order', () => {
    const form = { engine: 'llama.cpp', format: '', size: '', quantization: '' }
    expect(missingChoices(form, true)).toEqual(['format', 'size', 'quantization'])
    expect(missingChoices({ ...form, format: 'pytorch', size: '7' }, false)).toEqual([])
  })
})
