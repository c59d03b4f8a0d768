import {
  checkJsonShape,
  CUSTOM_MODEL_SCHEMAS,
  type CustomModel,
  type ModelType,
} from '@serving-console/contract'
import type { ModelDirs } from '../files/model-dirs.js'
import { HttpError } from '../../http/http-error.js'
import { Family, ggufFileName } from './families.js'

/**
 * A stored registration as a catalogue family. Kinds whose form has one `model_uri` and no specs get one spec of
 * that path; upstream's flattened specs (one `quantization` string) become one-quantization specs. Parsing with
 * the contract's schema again here means nothing a request could sneak into an older stored row (such as the
 * platform's own `generated` field) reaches the runtime.
 */
export function customFamily(type: ModelType, body: unknown): Family | null {
  const parsed = CUSTOM_MODEL_SCHEMAS[type].safeParse(body)
  if (!parsed.success) return null
  const model: CustomModel & { model_format?: unknown } = parsed.data
  // A single path to a .gguf file is a GGUF model, which this platform can run; any other path is pytorch.
  const format =
    typeof model.model_format === 'string'
      ? model.model_format
      : model.model_uri?.toLowerCase().endsWith('.gguf')
        ? 'ggufv2'
        : 'pytorch'
  const specs = model.model_specs ?? [
    { model_format: format, quantization: 'none', model_uri: model.model_uri ?? null },
  ]
  const family = Family.safeParse({
    ...model,
    model_specs: specs.map(({ quantization, quantizations, ...spec }) => ({
      ...spec,
      quantizations: quantizations ?? [quantization ?? 'none'],
    })),
  })
  return family.success ? family.data : null
}

/** The first problem of a failed parse, naming the field: `model_specs.0.model_format: ...`. */
function firstIssue(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0]
  if (!issue) return 'invalid registration'
  return issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message
}

/**
 * Checks a registration (the `model` JSON string) completely before anything is stored: JSON within the depth
 * and size limits, the kind's schema, and every local path inside the model folders and existing — a GGUF spec
 * must name a GGUF file. Answers the registration to store, or throws 400 naming the field.
 */
export function checkRegistration(type: ModelType, json: string, modelDirs: ModelDirs): CustomModel {
  let body: unknown
  try {
    body = JSON.parse(json)
  } catch {
    throw new HttpError(400, 'Invalid model registration: model must be a JSON string of the registration')
  }
  const problem = checkJsonShape(body)
  if (problem) throw new HttpError(400, `Invalid model registration: it has ${problem}`)
  const parsed = CUSTOM_MODEL_SCHEMAS[type].safeParse(body)
  if (!parsed.success)
    throw new HttpError(400, `Invalid model registration: ${firstIssue(parsed.error.issues)}`)
  const model = parsed.data

  if (model.model_uri) modelDirs.resolve(model.model_uri)
  model.model_specs?.forEach((spec, index) => {
    const field = `model_specs.${index}.model_uri`
    if (!spec.model_uri) {
      if (!spec.model_id)
        throw new HttpError(400, `Invalid model registration: ${field}: a local path is required`)
      return
    }
    if (spec.model_format !== 'ggufv2' && spec.model_format !== 'ggmlv3') {
      modelDirs.resolve(spec.model_uri, field)
      return
    }
    for (const quantization of spec.quantizations ?? [spec.quantization ?? '']) {
      const fileName = ggufFileName(
        { ...spec, quantizations: [quantization], model_file_name_template: spec.model_file_name_template },
        quantization,
      )
      modelDirs.ggufFile(spec.model_uri, fileName, field)
    }
  })
  if ('controlnet' in model && Array.isArray(model.controlnet)) {
    model.controlnet.forEach((controlnet: { model_uri: string }, index: number) =>
      modelDirs.resolve(controlnet.model_uri, `controlnet.${index}.model_uri`),
    )
  }
  return model
}
