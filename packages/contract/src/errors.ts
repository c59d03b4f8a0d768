import { z } from 'zod'

/** One entry of a FastAPI/Fastify validation error list (422 `detail`). */
export const ValidationIssue = z.looseObject({
  loc: z.array(z.union([z.string(), z.number()])).optional(),
  msg: z.string(),
  type: z.string().optional(),
})
export type ValidationIssue = z.infer<typeof ValidationIssue>

/**
 * The error body of every non-OK answer: `{detail}`. Upstream sends a string, except request validation (422),
 * which sends a list of issues.
 */
export const ErrorBody = z.looseObject({
  detail: z.union([z.string(), z.array(ValidationIssue)]),
})
export type ErrorBody = z.infer<typeof ErrorBody>
