import { ErrorBody, type ValidationIssue } from '@serving-console/contract'
import type * as z from 'zod/mini'
import { t } from '../i18n/i18n'

/** SPEC §8's framing of a non-OK answer, in the language shown; the detail is the server's, as sent. */
export const serverErrorText = (status: number, detail: string): string =>
  t('common.error.server', { status: String(status), detail })

/**
 * Every non-OK answer (SPEC §8): message 'Server error: {status} - {detail}', detail from the body's `detail`
 * or 'Unknown error', the response attached.
 */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly response: Response,
  ) {
    super(serverErrorText(status, detail))
  }
}

function describeIssue({ loc, msg }: ValidationIssue): string {
  const where = loc ? loc.join('.') : ''
  return where ? `${where}: ${msg}` : msg
}

/**
 * The detail of an error body. Real servers also answer plain text (500, some 403) and 422 with a list of
 * issues; none of them may break the error path.
 */
export function detailOf(bodyText: string): string {
  let body: unknown
  try {
    body = JSON.parse(bodyText)
  } catch {
    return t('common.error.unknown')
  }
  const parsed = ErrorBody.safeParse(body)
  if (!parsed.success) return t('common.error.unknown')
  const { detail } = parsed.data
  if (typeof detail === 'string') return detail || t('common.error.unknown')
  return detail.length > 0 ? detail.map(describeIssue).join('; ') : t('common.error.unknown')
}

/**
 * Where and how an answer missed its schema, e.g. `expected array at data`. Written here, not by zod: its mini
 * build, which keeps the console small, carries no messages.
 */
export function describeMismatch(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return t('common.error.mismatch.invalidData')
  // Other codes are zod's own names for a problem (`invalid value`), which have no message of ours.
  const problem =
    issue.code === 'invalid_type'
      ? t('common.error.mismatch.expected', { type: issue.expected })
      : issue.code.replaceAll('_', ' ')
  return issue.path.length > 0
    ? t('common.error.mismatch.at', { problem, where: issue.path.map(String).join('.') })
    : problem
}

/** SPEC §6/§8: request errors go to the toast, except 403 (never) and 401 (the auth dialog handles it). */
export function toastMessageFor(error: unknown): string | null {
  // Worded now rather than when the answer came, so a failure still on screen follows a change of language.
  if (error instanceof ApiError)
    return error.status === 401 || error.status === 403 ? null : serverErrorText(error.status, error.detail)
  // A cancelled request is nobody's error. (DOMException is not an Error subclass everywhere.)
  if (error instanceof DOMException && error.name === 'AbortError') return null
  if (error instanceof Error) {
    // A fetch that never reached the server says "Failed to fetch"; say what that means.
    return error.name === 'TypeError'
      ? t('common.error.unreachable', { message: error.message })
      : error.message
  }
  return t('common.error.unknown')
}
