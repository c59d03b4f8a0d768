import type { FailureLimit, RateLimitConfig } from '@serving-console/contract'
import { currentIntl, t } from '../../../i18n/i18n'

export type LimitField = keyof FailureLimit
export type Tier = keyof RateLimitConfig

/** The contract's bounds of each number (upstream v3's FailureLimit). */
export const BOUNDS: Record<LimitField, { min: number; max: number }> = {
  max_failures: { min: 1, max: 10_000 },
  window_seconds: { min: 1, max: 86_400 },
  ban_seconds: { min: 1, max: 30 * 86_400 },
}
export const LIMIT_FIELDS = Object.keys(BOUNDS) as LimitField[]
export const TIERS: readonly Tier[] = ['ip', 'key']

/** The form's text of each number, tier by tier. */
export type LimitsDraft = Record<Tier, Record<LimitField, string>>

export const draftOf = (config: RateLimitConfig): LimitsDraft => ({
  ip: {
    max_failures: String(config.ip.max_failures),
    window_seconds: String(config.ip.window_seconds),
    ban_seconds: String(config.ip.ban_seconds),
  },
  key: {
    max_failures: String(config.key.max_failures),
    window_seconds: String(config.key.window_seconds),
    ban_seconds: String(config.key.ban_seconds),
  },
})

/** A whole number within the field's bounds, or null. */
export function limitValue(field: LimitField, text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null
  const value = Number(text)
  const { min, max } = BOUNDS[field]
  return value >= min && value <= max ? value : null
}

/** What is wrong with a field's text, or null. */
export function limitError(field: LimitField, text: string): string | null {
  if (limitValue(field, text) !== null) return null
  const { min, max } = BOUNDS[field]
  const number = (value: number) => currentIntl().formatNumber(value)
  return t('system.security.error.range', { min: number(min), max: number(max) })
}

/** The config to save, or null while a field is wrong. */
export function configOf(draft: LimitsDraft): RateLimitConfig | null {
  const tier = (values: Record<LimitField, string>): FailureLimit | null => {
    const max_failures = limitValue('max_failures', values.max_failures)
    const window_seconds = limitValue('window_seconds', values.window_seconds)
    const ban_seconds = limitValue('ban_seconds', values.ban_seconds)
    return max_failures === null || window_seconds === null || ban_seconds === null
      ? null
      : { max_failures, window_seconds, ban_seconds }
  }
  const ip = tier(draft.ip)
  const key = tier(draft.key)
  return ip && key ? { ip, key } : null
}
