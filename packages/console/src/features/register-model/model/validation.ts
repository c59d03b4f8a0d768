import type { MessageId } from '../../../i18n/catalogue'
import { t } from '../../../i18n/i18n'
import {
  sizeNumber,
  toPayload,
  type Draft,
  type FlexibleDraft,
  type ImageDraft,
  type LlmDraft,
  type RegisterKind,
} from './forms'

/** SPEC §5 "Register form" messages (English worded exactly as SPEC has them), as ids said in the language shown. */
export const MESSAGES = {
  blocked: 'register.validation.blocked',
  integer: 'register.validation.integer',
  size: 'register.validation.size',
  quantization: 'register.validation.quantization',
  launcherArgs: 'register.validation.launcherArgs',
} as const satisfies Record<string, MessageId>

const positiveInteger = (text: string) => /^\d+$/.test(text.trim()) && Number(text) > 0

/**
 * Field errors shown under their fields (the "error flags" of SPEC §5), keyed by field path, in the language shown:
 * computed on every render, so a language switch rewords them.
 */
export function fieldErrors(kind: RegisterKind, draft: Draft): Record<string, string> {
  const errors: Record<string, string> = {}
  if (kind === 'llm') {
    const llm = draft as LlmDraft
    if (!positiveInteger(llm.context_length)) errors.context_length = t(MESSAGES.integer)
    // SPEC §5: the family must be chosen (its own words: SPEC has none for it).
    if (!llm.model_family) errors.model_family = t('register.field.familyMissing')
    llm.specs.forEach((spec, index) => {
      if (!(sizeNumber(spec.size) > 0)) errors[`specs.${String(index)}.size`] = t(MESSAGES.size)
      if ((spec.format === 'gptq' || spec.format === 'awq') && !spec.quantization.trim()) {
        errors[`specs.${String(index)}.quantization`] = t(MESSAGES.quantization)
      }
    })
  }
  if (kind === 'embedding') {
    const embedding = draft as { dimensions: string; max_tokens: string }
    if (!positiveInteger(embedding.dimensions)) errors.dimensions = t(MESSAGES.integer)
    if (!positiveInteger(embedding.max_tokens)) errors.max_tokens = t(MESSAGES.integer)
  }
  if (kind === 'flexible' && !isJsonDictionary((draft as FlexibleDraft).launcher_args)) {
    errors.launcher_args = t(MESSAGES.launcherArgs)
  }
  return errors
}

function isJsonDictionary(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
  } catch {
    return false
  }
}

/**
 * SPEC §5: any empty string, empty list (controlnet may be empty) or number at or below 0 anywhere in the payload
 * blocks the submit — the description is exempt, and so is a copied prompt style (its separators may be empty).
 */
function hasEmptyValue(value: unknown, key = ''): boolean {
  if (key === 'model_description' || key === 'prompt_style') return false
  if (value === '') return true
  if (typeof value === 'number') return !(value > 0)
  if (Array.isArray(value)) {
    if (value.length === 0) return key !== 'controlnet'
    return value.some((item) => hasEmptyValue(item))
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([name, item]) => hasEmptyValue(item, name))
  }
  return false
}

/**
 * Why Register (or Edit) is refused, as a message id (kept by the form and said at render, so it follows the
 * language), or null when the form may be sent.
 */
export function submitProblem(kind: RegisterKind, draft: Draft): MessageId | null {
  if (Object.keys(fieldErrors(kind, draft)).length > 0) return MESSAGES.blocked
  if (kind === 'llm') {
    const llm = draft as LlmDraft
    if (llm.model_lang.length === 0 || llm.model_ability.length === 0) return MESSAGES.blocked
  }
  if (kind === 'image' && (draft as ImageDraft).controlnet.some((row) => !row.model_name || !row.model_uri)) {
    return MESSAGES.blocked
  }
  return hasEmptyValue(toPayload(kind, draft)) ? MESSAGES.blocked : null
}

/**
 * The field errors to show: a field's once the user has left it, every one once they tried to send the form — a
 * form just opened is not wrong yet (nothing in red before the user has done anything).
 */
export function shownErrors(
  errors: Record<string, string>,
  touched: ReadonlySet<string>,
  submitted: boolean,
): Record<string, string> {
  return submitted
    ? errors
    : Object.fromEntries(Object.entries(errors).filter(([field]) => touched.has(field)))
}
