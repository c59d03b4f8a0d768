import { describe, expect, it } from 'vitest'
import { buildPayload, emptyForm, formFromPayload, type LaunchForm } from './launch-form'
import {
  CommandError,
  flagPieces,
  fromCliCommand,
  shellWords,
  toCliCommand,
  toCurlCommand,
  toPythonLaunch,
} from '../../../lib/launch-command'

const ENDPOINT = 'http://127.0.0.1:9997'

/** Copy as a command, paste it back: the same form, so the same launch. */
function roundTrip(form: LaunchForm, name = 'qwen2.5-instruct') {
  const payload = buildPayload('LLM', name, form)
  const line = toCliCommand(payload, ENDPOINT)
  const pasted = fromCliCommand(line)
  return { payload, line, again: buildPayload('LLM', name, formFromPayload(pasted, 0)) }
}

describe('a launch as an xinference launch command', () => {
  it('writes the CLI’s flags and reads them back to the same form', () => {
    const { payload, line, again } = roundTrip({
      ...emptyForm(0),
      modelUid: 'my qwen',
      engine: 'llama.cpp',
      format: 'ggufv2',
      size: '0_5',
      quantization: 'q4_k_m',
      nGpu: 'CPU',
      replica: 2,
      requestLimits: '8',
      gpuIdx: '0,1',
      downloadHub: 'modelscope',
      extra: [
        { key: 'n_parallel', value: '8' },
        { key: 'reasoning', value: 'true' },
        { key: 'note', value: "it's here" },
      ],
      loras: [{ key: 'style', value: '/loras/style dir' }],
    })
    expect(line).toBe(
      "xinference launch --endpoint http://127.0.0.1:9997 --model-name qwen2.5-instruct --model-type LLM --model-engine llama.cpp --model-uid 'my qwen' --size-in-billions 0_5 --model-format ggufv2 --quantization q4_k_m --replica 2 --n-gpu none --gpu-idx 0,1 --lora-modules style '/loras/style dir' --n_parallel 8 --reasoning true --note 'it'\\''s here' --request_limits 8 --download_hub modelscope",
    )
    expect(again).toEqual(payload)
  })

  it('round-trips a plain launch, a size in billions and the automatic GPU choice', () => {
    const { again, payload } = roundTrip(
      { ...emptyForm(1), engine: 'llama.cpp', format: 'ggufv2', size: '7', quantization: 'f32' },
      'tiny-chat',
    )
    expect(payload).toMatchObject({ model_size_in_billions: 7, n_gpu: 'auto' })
    expect(again).toEqual(payload)
  })

  it('reads what people type: short flags, --flag=value, quotes, line continuations', () => {
    expect(
      fromCliCommand(`xinference launch -n "qwen2.5-instruct" -s=1_5 \\
        -q Q4_K_M -en llama.cpp -f ggufv2 -r 1 --gpu-idx 0`),
    ).toEqual({
      model_name: 'qwen2.5-instruct',
      model_type: 'LLM',
      model_size_in_billions: '1_5',
      quantization: 'Q4_K_M',
      model_engine: 'llama.cpp',
      model_format: 'ggufv2',
      replica: 1,
      gpu_idx: [0],
    })
    expect(shellWords(`a 'b c' "d \\"e\\"" f\\ g`)).toEqual(['a', 'b c', 'd "e"', 'f g'])
  })

  it('refuses, naming why, what the form cannot hold or is not a launch', () => {
    const refusal = (line: string) => {
      try {
        fromCliCommand(line)
      } catch (error) {
        return error instanceof CommandError ? [error.kind, error.detail] : error
      }
      return null
    }
    expect(refusal('xinference launch -n m --model-path /x --env A 1')).toEqual([
      'notInForm',
      '--model-path, --env',
    ])
    expect(refusal('xinference list')).toEqual(['notLaunch', 'xinference'])
    expect(refusal('xinference launch -n m -q')).toEqual(['missingValue', '-q'])
    expect(refusal('xinference launch -n m stray')).toEqual(['stray', 'stray'])
    expect(refusal('xinference launch -q x')).toEqual(['noModel', ''])
    expect(refusal("xinference launch -n 'm")).toEqual(['quote', "'"])
  })
})

describe('a command line on a narrow screen', () => {
  it('wraps between flags, each with its value, and the pieces make the line again', () => {
    const line = toCliCommand(
      buildPayload('LLM', 'qwen2.5-instruct', { ...emptyForm(0), modelUid: 'my qwen', nGpuLayers: 0 }),
      ENDPOINT,
    )
    const pieces = flagPieces(line)
    expect(pieces.slice(0, 4)).toEqual([
      'xinference launch',
      `--endpoint ${ENDPOINT}`,
      '--model-name qwen2.5-instruct',
      '--model-type LLM',
    ])
    expect(pieces).toContain("--model-uid 'my qwen'")
    expect(pieces).toContain('--n_gpu_layers 0')
    expect(pieces.every((piece) => /^(xinference launch|--?[a-z][\w-]* )/.test(piece))).toBe(true)
    expect(pieces.join(' ')).toBe(line)
  })
})

describe('a launch as curl and Python', () => {
  const payload = { model_name: 'tiny-chat', model_type: 'LLM', model_uid: 'tiny', replica: 1, n_gpu: null }
  it('posts the payload as JSON, with a key when the server asks for one', () => {
    const curl = toCurlCommand(payload, ENDPOINT, true)
    expect(shellWords(curl)).toEqual([
      'curl',
      '-X',
      'POST',
      'http://127.0.0.1:9997/v1/models',
      '-H',
      'Content-Type: application/json',
      '-H',
      'Authorization: Bearer $XINFERENCE_API_KEY',
      '-d',
      JSON.stringify(payload),
    ])
  })

  it('calls the client’s launch_model with Python values', () => {
    expect(toPythonLaunch(payload, ENDPOINT, false)).toBe(
      [
        'from xinference.client import Client',
        '',
        'client = Client("http://127.0.0.1:9997")',
        'model_uid = client.launch_model(',
        '    model_name="tiny-chat",',
        '    model_type="LLM",',
        '    model_uid="tiny",',
        '    replica=1,',
        '    n_gpu=None,',
        ')',
      ].join('\n'),
    )
  })
})
