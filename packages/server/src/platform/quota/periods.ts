import type { BudgetPeriod } from '@serving-console/contract'

/** A budget's period around `now` (ms since the epoch): a UTC day, a week from Monday, a month from its 1st. */
export function periodOf(kind: BudgetPeriod, now: number): { start: number; end: number } {
  const date = new Date(now)
  const year = date.getUTCFullYear()
  const month = date.getUTCMonth()
  const day = date.getUTCDate()
  if (kind === 'month') return { start: Date.UTC(year, month, 1), end: Date.UTC(year, month + 1, 1) }
  if (kind === 'week') {
    const sinceMonday = (date.getUTCDay() + 6) % 7
    return {
      start: Date.UTC(year, month, day - sinceMonday),
      end: Date.UTC(year, month, day - sinceMonday + 7),
    }
  }
  return { start: Date.UTC(year, month, day), end: Date.UTC(year, month, day + 1) }
}
