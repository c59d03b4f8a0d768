/**
 * The six registration forms of SPEC §3 as plain data: a draft per kind (numbers kept as the text typed, so a
 * wrong entry can be shown and fixed), SPEC's defaults, the payload each draft POSTs (exactly what the JSON Format
 * panel shows), and the way back from a saved registration for edit mode.
 */

export const REGISTER_KINDS = ['llm', 'embedding', 'rerank', 'image', 'audio', 'flexible'] as const
export type RegisterKind = (typeof REGISTER_KINDS)[number]

export const FORMATS = ['pytorch', 'ggmlv3', 'ggufv2', 'gptq', 'awq'] as const
export type SpecFormat = (typeof FORMATS)[number]
export const ABILITIES = ['generate', 'chat', 'vision'] as const

export const TRANSFORMERS_LAUNCHER = 'xinference.model.flexible.launchers.transformers'

export interface SpecDraft {
  /** For ggml/gguf the full file path (directory + file); for the others the model folder. */
  path: string
  size: string
  format: SpecFormat
  quantization: string
}

export type PromptStyle = Record<string, unknown>

export interface LlmDraft {
  model_name: string
  model_description: string
  context_length: string
  model_lang: string[]
  model_ability: string[]
  model_family: string
  specs: SpecDraft[]
  prompt_style: PromptStyle | null
}

export interface ControlnetDraft {
  model_name: string
  model_uri: string
  model_family: 'controlnet'
}

export interface EmbeddingDraft {
  model_name: string
  dimensions: string
  max_tokens: string
  model_uri: string
  language: string[]
}
export interface RerankDraft {
  model_name: string
  model_uri: string
  language: string[]
}
export interface ImageDraft {
  model_name: string
  model_uri: string
  model_family: string
  controlnet: ControlnetDraft[]
}
export interface AudioDraft {
  model_name: string
  model_uri: string
  multilingual: boolean
  model_family: string
}
export interface FlexibleDraft {
  model_name: string
  model_description: string
  model_uri: string
  launcher: string
  launcher_args: string
}

export interface Drafts {
  llm: LlmDraft
  embedding: EmbeddingDraft
  rerank: RerankDraft
  image: ImageDraft
  audio: AudioDraft
  flexible: FlexibleDraft
}
export type Draft = Drafts[RegisterKind]

/** SPEC §4 "Adding a spec appends a pytorch 7-billion entry" (§9: new spec size 7 billion). */
export const newSpec = (): SpecDraft => ({ path: '', size: '7', format: 'pytorch', quantization: '' })
/**
 * The spec a new LLM form opens with: no size until the user (or Fill from file) gives one — SPEC's new-form
 * defaults name none, and an invented 7 would list a model registered without looking as 7B.
 */
export const firstSpec = (): SpecDraft => ({ ...newSpec(), size: '' })
export const newControlnet = (): ControlnetDraft => ({
  model_name: '',
  model_uri: '',
  model_family: 'controlnet',
})

/** SPEC §3 "Defaults on new forms". */
export function defaultDraft<K extends RegisterKind>(kind: K): Drafts[K] {
  const drafts: Drafts = {
    llm: {
      model_name: '',
      model_description: '',
      context_length: '2048',
      model_lang: ['en'],
      model_ability: ['generate'],
      model_family: '',
      specs: [firstSpec()],
      prompt_style: null,
    },
    embedding: { model_name: '', dimensions: '768', max_tokens: '512', model_uri: '', language: ['en'] },
    rerank: { model_name: '', model_uri: '', language: ['en'] },
    image: { model_name: '', model_uri: '', model_family: 'stable_diffusion', controlnet: [] },
    audio: { model_name: '', model_uri: '', multilingual: false, model_family: 'whisper' },
    flexible: {
      model_name: '',
      model_description: '',
      model_uri: '',
      launcher: TRANSFORMERS_LAUNCHER,
      launcher_args: '{}',
    },
  }
  return drafts[kind]
}

const isFileFormat = (format: string) => format === 'ggmlv3' || format === 'ggufv2'

/** '7' → 7, '0.5' → 0.5, '1_8' stays '1_8' (upstream's spelling), anything else as typed. */
function sizeValue(text: string): number | string {
  return /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text.trim()
}

/** A size as a number, for validation: '1_8' is 1.8. */
export function sizeNumber(text: string): number {
  return /^\d+([._]\d+)?$/.test(text.trim()) ? Number(text.trim().replace('_', '.')) : NaN
}

/** SPEC §4: backslashes become slashes; the path splits at the last one into folder and file name. */
export function splitFilePath(path: string): { folder: string; file: string } {
  const normal = path.replaceAll('\\', '/')
  const at = normal.lastIndexOf('/')
  return at < 0 ? { folder: '', file: normal } : { folder: normal.slice(0, at), file: normal.slice(at + 1) }
}

function specPayload(spec: SpecDraft): Record<string, unknown> {
  const size = sizeValue(spec.size)
  if (isFileFormat(spec.format)) {
    const { folder, file } = splitFilePath(spec.path)
    return {
      model_uri: folder,
      model_size_in_billions: size,
      model_format: spec.format,
      quantizations: [spec.quantization || 'default'],
      model_file_name_template: file,
    }
  }
  return {
    model_uri: spec.path,
    model_size_in_billions: size,
    model_format: spec.format,
    quantizations: [spec.format === 'pytorch' ? 'none' : spec.quantization],
  }
}

const number = (text: string) => (/^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text)

/** The registration JSON a draft POSTs (the `model` string of SPEC §7), in SPEC §3's shape. */
export function toPayload(kind: RegisterKind, draft: Draft): Record<string, unknown> {
  switch (kind) {
    case 'llm': {
      const llm = draft as LlmDraft
      const chat = llm.model_ability.includes('chat')
      return {
        version: 1,
        model_name: llm.model_name,
        model_description: llm.model_description,
        context_length: number(llm.context_length),
        model_lang: llm.model_lang,
        model_ability: llm.model_ability,
        model_family: llm.model_family,
        model_specs: llm.specs.map(specPayload),
        ...(chat && llm.prompt_style ? { prompt_style: llm.prompt_style } : {}),
      }
    }
    case 'embedding': {
      const embedding = draft as EmbeddingDraft
      return {
        model_name: embedding.model_name,
        dimensions: number(embedding.dimensions),
        max_tokens: number(embedding.max_tokens),
        model_uri: embedding.model_uri,
        language: embedding.language,
      }
    }
    case 'rerank':
    case 'image':
    case 'audio':
    case 'flexible':
      return { ...draft }
  }
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''

/** A saved spec (SPEC's `quantizations` list, or upstream's `quantization` string) back into the form. */
function specDraft(spec: Record<string, unknown>): SpecDraft {
  const format = (FORMATS as readonly string[]).includes(text(spec.model_format))
    ? (spec.model_format as SpecFormat)
    : 'pytorch'
  const quantization = strings(spec.quantizations)[0] ?? text(spec.quantization)
  const folder = text(spec.model_uri).replace(/\/+$/, '')
  const file = text(spec.model_file_name_template)
  return {
    path: isFileFormat(format) && file ? `${folder}/${file}` : folder,
    size: text(spec.model_size_in_billions),
    format,
    quantization: format === 'pytorch' || quantization === 'default' ? '' : quantization,
  }
}

/** A saved registration back into its kind's draft, for edit mode. */
export function fromPayload<K extends RegisterKind>(kind: K, saved: Record<string, unknown>): Drafts[K] {
  const base = defaultDraft(kind)
  const specs = Array.isArray(saved.model_specs) ? (saved.model_specs as Record<string, unknown>[]) : []
  // Kinds with one path may have been saved with specs (upstream's v2 shape): the first spec's path is it.
  const uri = text(saved.model_uri) || text(specs[0]?.model_uri)
  const drafts: { [Kind in RegisterKind]: () => Drafts[Kind] } = {
    llm: () => ({
      model_name: text(saved.model_name),
      model_description: text(saved.model_description),
      context_length: text(saved.context_length),
      model_lang: strings(saved.model_lang),
      model_ability: strings(saved.model_ability),
      model_family: text(saved.model_family),
      specs: specs.length > 0 ? specs.map(specDraft) : [firstSpec()],
      prompt_style:
        typeof saved.prompt_style === 'object' && saved.prompt_style !== null
          ? (saved.prompt_style as PromptStyle)
          : null,
    }),
    embedding: () => ({
      model_name: text(saved.model_name),
      dimensions: text(saved.dimensions),
      max_tokens: text(saved.max_tokens),
      model_uri: uri,
      language: strings(saved.language),
    }),
    rerank: () => ({ model_name: text(saved.model_name), model_uri: uri, language: strings(saved.language) }),
    image: () => ({
      model_name: text(saved.model_name),
      model_uri: uri,
      model_family: text(saved.model_family) || 'stable_diffusion',
      controlnet: (Array.isArray(saved.controlnet)
        ? (saved.controlnet as Record<string, unknown>[])
        : []
      ).map((row) => ({
        model_name: text(row.model_name),
        model_uri: text(row.model_uri),
        model_family: 'controlnet',
      })),
    }),
    audio: () => ({
      model_name: text(saved.model_name),
      model_uri: uri,
      multilingual: saved.multilingual === true,
      model_family: text(saved.model_family) || 'whisper',
    }),
    flexible: () => ({
      model_name: text(saved.model_name),
      model_description: text(saved.model_description),
      model_uri: uri,
      launcher: text(saved.launcher) || TRANSFORMERS_LAUNCHER,
      launcher_args:
        typeof saved.launcher_args === 'string'
          ? saved.launcher_args
          : JSON.stringify(saved.launcher_args ?? {}),
    }),
  }
  return { ...base, ...drafts[kind]() }
}
