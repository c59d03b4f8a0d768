import { ApiError } from './api-client'

/** The form fields a server's refusal can be about. */
export type ErrorField = 'model_uid' | 'model_name'

/**
 * Which field a server's refusal is about, by its words (the platform's and Xinference's, every version), so the
 * form shows it under that field rather than as a toast.
 */
export function fieldOfError(error: unknown): ErrorField | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null
  if (/already in the model list/i.test(error.detail)) return 'model_uid'
  if (/conflicts with (a built-in|existing) model|already registered/i.test(error.detail)) return 'model_name'
  return null
}

/** The refusal's words, for under the field (without Xinference's actor prefix). */
export function fieldErrorText(error: unknown, field: ErrorField): string | null {
  return fieldOfError(error) === field && error instanceof ApiError
    ? error.detail.replace(/\[address=[^\]\s]*, pid=\d+\]\s*/g, '')
    : null
}
