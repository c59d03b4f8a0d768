import type { LaunchRequest } from '@serving-console/contract'

/**
 * A launch as the other ways to make it: an `xinference launch …` command line (the real CLI's flags, as
 * v3.2.1's `xinference launch --help` lists them: docs/console.md), a `curl` of the REST launch, and Python with
 * Xinference's client; and a pasted command line back into a launch payload. Pure, so that copy → paste is
 * tested to give the same form.
 */

/** A model size back to the wire: numbers where the text is a plain number, else as the catalogue spells it. */
export function sizeValue(key: string): number | string {
  return /^\d+(\.\d+)?$/.test(key) ? Number(key) : key
}

/** The CLI's flags that carry a payload field, long and short, with the field. */
const FLAGS: { long: string; short?: string; field: keyof LaunchRequest }[] = [
  { long: '--model-name', short: '-n', field: 'model_name' },
  { long: '--model-type', short: '-t', field: 'model_type' },
  { long: '--model-engine', short: '-en', field: 'model_engine' },
  { long: '--model-uid', short: '-u', field: 'model_uid' },
  { long: '--size-in-billions', short: '-s', field: 'model_size_in_billions' },
  { long: '--model-format', short: '-f', field: 'model_format' },
  { long: '--quantization', short: '-q', field: 'quantization' },
  { long: '--replica', short: '-r', field: 'replica' },
  { long: '--n-gpu', field: 'n_gpu' },
  { long: '--worker-ip', field: 'worker_ip' },
  { long: '--gpu-idx', field: 'gpu_idx' },
]

/** The CLI's pairs (`-lm NAME PATH`, repeated) that carry the LoRA settings. */
const PAIRS = [
  { long: '--lora-modules', short: '-lm', key: 'lora_list' },
  { long: '--image-lora-load-kwargs', short: '-ld', key: 'image_lora_load_kwargs' },
  { long: '--image-lora-fuse-kwargs', short: '-fd', key: 'image_lora_fuse_kwargs' },
] as const

/** Flags of the CLI that the launch form has no place for: a pasted line holding one is refused, naming it. */
const NOT_IN_THE_FORM = [
  '--n-worker',
  '--quantization-config',
  '-qc',
  '--trust-remote-code',
  '--api-key',
  '-ak',
  '--model-path',
  '-mp',
  '--enable-thinking',
  '--virtual-env-package',
  '-vp',
  '--env',
  '-ev',
]

/** A word as a POSIX shell reads it back: bare when safe, else in single quotes. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`
}

/** A value as the CLI's extra options take it back (`none`, `true`, numbers, text). */
function optionText(value: unknown): string {
  if (value === null) return 'none'
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value)
  return JSON.stringify(value)
}

type Payload = LaunchRequest & Record<string, unknown>

/** `xinference launch …` for this payload, against the server at `endpoint`. */
export function toCliCommand(payload: Payload, endpoint: string): string {
  const words = ['xinference', 'launch', '--endpoint', endpoint]
  const named = new Set<string>(['peft_model_config', 'enable_virtual_env'])
  for (const { long, field } of FLAGS) {
    named.add(field)
    const value = payload[field]
    if (value === undefined || (value === null && field !== 'n_gpu')) continue
    if (field === 'gpu_idx') words.push(long, (value as number[]).join(','))
    else words.push(long, optionText(value))
  }
  const peft = payload.peft_model_config
  for (const lora of peft?.lora_list ?? []) words.push('--lora-modules', lora.lora_name, lora.local_path)
  for (const pair of PAIRS.slice(1)) {
    const kwargs = (peft?.[pair.key] ?? {}) as Record<string, unknown>
    for (const [key, value] of Object.entries(kwargs)) words.push(pair.long, key, optionText(value))
  }
  if (payload.enable_virtual_env === false) words.push('--disable-virtual-env')
  if (payload.enable_virtual_env === true) words.push('--enable-virtual-env')
  // Everything else travels as the CLI's extra options, which it passes on as launch arguments.
  for (const [key, value] of Object.entries(payload)) {
    if (named.has(key) || value === undefined || value === null) continue
    words.push(`--${key}`, optionText(value))
  }
  return words.map(shellWord).join(' ')
}

/**
 * A command line in the pieces a narrow screen should wrap it between: each flag with its value
 * (`--model-name qwen3`), so that lines break between flags, never inside one. Joined by spaces, the line again.
 */
export function flagPieces(line: string): string[] {
  return line.split(/ (?=--?[A-Za-z])/)
}

/** The REST launch as `curl`; `$XINFERENCE_API_KEY` stands for a key when the server asks for one. */
export function toCurlCommand(payload: Payload, endpoint: string, withAuth: boolean): string {
  return [
    `curl -X POST ${shellWord(`${endpoint}/v1/models`)}`,
    `  -H 'Content-Type: application/json'`,
    ...(withAuth ? [`  -H "Authorization: Bearer $XINFERENCE_API_KEY"`] : []),
    `  -d ${shellWord(JSON.stringify(payload))}`,
  ].join(' \\\n')
}

/** A value as Python writes it. */
function python(value: unknown): string {
  if (value === null || value === undefined) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'number') return String(value)
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(python).join(', ')}]`
  return `{${Object.entries(value)
    .map(([key, item]) => `${JSON.stringify(key)}: ${python(item)}`)
    .join(', ')}}`
}

/** The launch with Xinference's Python client. */
export function toPythonLaunch(payload: Payload, endpoint: string, withAuth: boolean): string {
  const args = Object.entries(payload)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `    ${key}=${python(value)},`)
  return [
    ...(withAuth ? ['import os', ''] : []),
    'from xinference.client import Client',
    '',
    withAuth
      ? `client = Client(${JSON.stringify(endpoint)}, api_key=os.environ["XINFERENCE_API_KEY"])`
      : `client = Client(${JSON.stringify(endpoint)})`,
    'model_uid = client.launch_model(',
    ...args,
    ')',
  ].join('\n')
}

/** Splits a command line into words as a POSIX shell would (quotes, backslashes, line continuations). */
export function shellWords(line: string): string[] {
  const words: string[] = []
  let word: string | null = null
  let quote: "'" | '"' | null = null
  for (let index = 0; index < line.length; index++) {
    const char = line[index] ?? ''
    if (quote === "'") {
      if (char === "'") quote = null
      else word = (word ?? '') + char
    } else if (quote === '"') {
      if (char === '"') quote = null
      else if (char === '\\' && /["\\$`]/.test(line[index + 1] ?? ''))
        word = (word ?? '') + (line[++index] ?? '')
      else word = (word ?? '') + char
    } else if (char === '\\') {
      const next = line[++index] ?? ''
      if (next !== '\n') word = (word ?? '') + next
    } else if (char === "'" || char === '"') {
      quote = char
      word ??= ''
    } else if (/\s/.test(char)) {
      if (word !== null) words.push(word)
      word = null
    } else {
      word = (word ?? '') + char
    }
  }
  if (quote) throw new CommandError('quote', quote)
  if (word !== null) words.push(word)
  return words
}

/** Why a pasted line was not applied; its `kind` picks the message, `detail` fills it. */
export class CommandError extends Error {
  constructor(
    readonly kind: 'quote' | 'notLaunch' | 'notInForm' | 'missingValue' | 'stray' | 'noModel',
    readonly detail = '',
  ) {
    super(`${kind}: ${detail}`)
  }
}

/** The CLI's value text as the payload holds it. */
function typed(text: string): unknown {
  if (text === 'none') return null
  if (text === 'true') return true
  if (text === 'false') return false
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text)
  return text
}

/**
 * An `xinference launch …` line back into a launch payload; throws a CommandError (nothing applied) on a line
 * that is not one, a flag the form cannot hold, or a flag without its value.
 */
export function fromCliCommand(line: string): Payload {
  const words = shellWords(line.trim())
  if (words[0] !== 'xinference' || words[1] !== 'launch') throw new CommandError('notLaunch', words[0] ?? '')
  const payload: Record<string, unknown> = {}
  const peft: { lora_list: { lora_name: string; local_path: string }[] } & Record<string, unknown> = {
    lora_list: [],
  }
  const refused = words.slice(2).filter((word) => NOT_IN_THE_FORM.includes(word.split('=')[0] ?? ''))
  if (refused.length) throw new CommandError('notInForm', refused.join(', '))
  for (let index = 2; index < words.length; index++) {
    const [flag = '', inline] = (words[index] ?? '').split(/=(.*)/s, 2)
    const value = () => {
      const next = inline ?? words[++index]
      if (next === undefined) throw new CommandError('missingValue', flag)
      return next
    }
    const known = FLAGS.find((entry) => entry.long === flag || entry.short === flag)
    const pair = PAIRS.find((entry) => entry.long === flag || entry.short === flag)
    if (flag === '--endpoint' || flag === '-e') value()
    else if (flag === '--disable-virtual-env') payload.enable_virtual_env = false
    else if (flag === '--enable-virtual-env') payload.enable_virtual_env = true
    else if (known?.field === 'model_size_in_billions') payload[known.field] = sizeValue(value())
    else if (known?.field === 'gpu_idx') payload[known.field] = value().split(',').map(Number)
    else if (known?.field === 'n_gpu') payload[known.field] = typed(value())
    else if (known?.field === 'replica') payload[known.field] = Number(value())
    else if (known) payload[known.field] = value()
    else if (pair) {
      const first = value()
      const second = words[++index]
      if (second === undefined) throw new CommandError('missingValue', flag)
      if (pair.key === 'lora_list') peft.lora_list.push({ lora_name: first, local_path: second })
      else peft[pair.key] = { ...(peft[pair.key] as Record<string, unknown>), [first]: typed(second) }
    } else if (flag.startsWith('--') && flag.length > 2) payload[flag.slice(2)] = typed(value())
    else throw new CommandError('stray', flag)
  }
  if (typeof payload.model_name !== 'string') throw new CommandError('noModel')
  payload.model_type ??= 'LLM'
  const hasPeft = peft.lora_list.length > 0 || Object.keys(peft).length > 1
  if (hasPeft) payload.peft_model_config = peft
  return payload as Payload
}
