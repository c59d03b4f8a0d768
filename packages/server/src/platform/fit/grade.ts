import { SLOW_TOKENS_PER_SECOND, type FitGrade } from '@serving-console/contract'

/** Up to this share of the free memory a launch fits well; up to all of it, tightly. */
const WELL = 0.8

/** Better grades first: the order a model's choices are ranked in. */
export const GRADE_RANK: Record<FitGrade, number> = { fits: 0, tight: 1, slow: 2, unknown: 3, no: 4 }

/**
 * The memory decides whether it runs at all; where it does, an estimated speed below reading pace makes it
 * `slow` (a 14B model on two cores fits the memory, and writes a token every half second or so).
 */
export function grade(
  memory: number | null,
  fileBytes: number | null,
  free: number,
  tokensPerSecond: number | null = null,
): FitGrade {
  if (memory === null) return fileBytes !== null && fileBytes > free ? 'no' : 'unknown'
  const byMemory = memory <= free * WELL ? 'fits' : memory <= free ? 'tight' : 'no'
  return byMemory !== 'no' && tokensPerSecond !== null && tokensPerSecond < SLOW_TOKENS_PER_SECOND
    ? 'slow'
    : byMemory
}

/** Whether a grade means it runs (if slowly). */
export const runs = (fit: FitGrade) => fit === 'fits' || fit === 'tight' || fit === 'slow'
