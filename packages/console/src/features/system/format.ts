import { currentIntl, t } from '../../i18n/i18n'

/**
 * A time as the server wrote it: ISO with a zone, or without one (SQLite's `2026-01-31 12:00:00`, v3's naive
 * `isoformat()`), which is UTC. Null for what is not a time.
 */
export function parseServerTime(text: string): Date | null {
  const iso = text.trim().replace(' ', 'T')
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(iso) || !/T\d/.test(iso) ? iso : `${iso}Z`
  const time = Date.parse(zoned)
  return Number.isNaN(time) ? null : new Date(time)
}

/**
 * A server's time in the language shown, in the browser's time zone (to the second with `seconds`); the text as it
 * came if it is none.
 */
export function formatTime(text: string | null | undefined, { seconds = false } = {}): string {
  if (!text) return ''
  const time = parseServerTime(text)
  return time
    ? currentIntl().formatDate(time, { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short' })
    : text
}

/** A duration still to run ("2 h 5 min", "4 min 10 s", "30 s"), rounded down to the second. */
export function formatRemaining(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  if (hours > 0) return t('system.remaining.hours', { hours, minutes })
  if (minutes > 0) return t('system.remaining.minutes', { minutes, seconds: seconds % 60 })
  return t('system.remaining.seconds', { seconds })
}
