import { LIMIT_BOUNDS, type BudgetPeriod, type LimitName, type Limits } from '@serving-console/contract'

/** The limits' fields as typed: digits, or empty for none. */
export type LimitsDraft = Record<LimitName, string> & { budget_period: BudgetPeriod }

export const LIMIT_NAMES = Object.keys(LIMIT_BOUNDS) as LimitName[]

export const draftOf = (limits: Limits): LimitsDraft => ({
  requests_per_minute: limits.requests_per_minute?.toString() ?? '',
  tokens_per_minute: limits.tokens_per_minute?.toString() ?? '',
  requests_at_once: limits.requests_at_once?.toString() ?? '',
  token_budget: limits.token_budget?.toString() ?? '',
  soft_budget: limits.soft_budget?.toString() ?? '',
  budget_period: limits.budget_period,
})

/** Why each field cannot be sent (`bound`: a number out of its bounds; `soft`: not below the budget). */
export type LimitsProblem = { field: LimitName; kind: 'bound' | 'soft' }

/** The limits the draft says, or the first field that is wrong (the server's bounds, from the contract). */
export function limitsOf(draft: LimitsDraft): { limits: Limits } | { problem: LimitsProblem } {
  const limits = { budget_period: draft.budget_period } as Limits
  for (const name of LIMIT_NAMES) {
    const text = draft[name].trim()
    if (text === '') {
      limits[name] = null
      continue
    }
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN
    if (!Number.isSafeInteger(value) || value < 1 || value > LIMIT_BOUNDS[name])
      return { problem: { field: name, kind: 'bound' } }
    limits[name] = value
  }
  if (
    limits.soft_budget !== null &&
    limits.token_budget !== null &&
    limits.soft_budget >= limits.token_budget
  )
    return { problem: { field: 'soft_budget', kind: 'soft' } }
  return { limits }
}
