import * as z from 'zod/mini'

/** One entry of a FastAPI/Fastify validation error list (422 `detail`). */
export const ValidationIssue = z.looseObject({
  loc: z.optional(z.array(z.union([z.string(), z.number()]))),
  msg: z.string(),
  type: z.optional(z.string()),
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
