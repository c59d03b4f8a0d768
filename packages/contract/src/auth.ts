import { z } from 'zod'

/** `POST /token`: a JSON body, as upstream accepts (not form-encoded). */
export const LoginRequest = z.object({
  username: z.string().min(1).max(256),
  password: z.string().min(1).max(1024),
})
export type LoginRequest = z.infer<typeof LoginRequest>

export const TokenResponse = z.looseObject({
  access_token: z.string(),
  token_type: z.string(),
})
export type TokenResponse = z.infer<typeof TokenResponse>

/** Upstream's classic permission names; `admin` passes every check. */
export const SCOPES = [
  'models:list',
  'models:read',
  'models:register',
  'models:unregister',
  'models:start',
  'models:stop',
  'cache:list',
  'cache:delete',
  'admin',
] as const
export const Scope = z.enum(SCOPES)
export type Scope = z.infer<typeof Scope>
