import {
  ChangePasswordRequest,
  LoginRequest,
  LogoutRequest,
  OkResponse,
  RefreshRequest,
  routePatterns,
  TokenResponse,
} from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import type { Authenticator } from '../auth/authenticator.js'
import type { FailureBans } from '../auth/failure-bans.js'
import type { UserStore } from '../auth/user-store.js'
import { SignInLimiter } from '../auth/sign-in-limiter.js'
import { HttpError } from '../http-error.js'
import type { ZodTypeProvider } from '../zod-type-provider.js'

/**
 * `POST /token`: a JSON body {username, password}, as upstream accepts. With the user store, as v3: a refresh token
 * beside the access token, spent and replaced by `POST /v1/auth/refresh`, revoked by `POST /v1/auth/logout`.
 */
export async function tokenRoutes(
  app: FastifyInstance,
  options: { authenticator: Authenticator | null; store: UserStore | null; bans: FailureBans | null },
) {
  const { authenticator, store, bans } = options
  const limiter = new SignInLimiter()

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      routePatterns.token,
      { schema: { body: LoginRequest, response: { 200: TokenResponse } } },
      async (request) => {
        if (!authenticator)
          throw new HttpError(400, 'This server runs without authentication; no sign-in is needed.')
        const { username, password } = request.body
        request.auditUser = username
        const wait = limiter.retryAfter(username, request.ip)
        if (wait > 0) {
          throw new HttpError(429, `Too many failed sign-ins; try again in ${wait} s.`, {
            'retry-after': String(wait),
          })
        }
        const user = await authenticator.checkPassword(username, password)
        if (!user) {
          limiter.fail(username, request.ip)
          bans?.failIp(request.ip)
          throw new HttpError(401, 'Incorrect username or password', { 'www-authenticate': 'Bearer' })
        }
        limiter.succeed(username, request.ip)
        return {
          access_token: await authenticator.issueToken(user),
          token_type: 'bearer',
          ...(store ? { refresh_token: store.issueRefresh(user.username) } : {}),
          ...(user.must_change_password ? { must_change_password: true } : {}),
        }
      },
    )

  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.post(
    routePatterns.authRefresh,
    { schema: { body: RefreshRequest, response: { 200: TokenResponse } } },
    async (request) => {
      if (!store || !authenticator) throw new HttpError(400, 'This server issues no refresh tokens')
      const renewed = store.useRefresh(request.body.refresh_token)
      if (!renewed) throw new HttpError(401, 'Invalid or expired refresh token')
      return {
        access_token: await authenticator.issueToken(renewed.user),
        token_type: 'bearer',
        refresh_token: renewed.refresh,
      }
    },
  )
  typed.post(
    routePatterns.authLogout,
    { schema: { body: LogoutRequest, response: { 200: OkResponse } } },
    (request) => {
      if (store && request.body.refresh_token) store.revokeRefresh(request.body.refresh_token)
      return { ok: true }
    },
  )
  typed.put(
    routePatterns.ownPassword,
    { schema: { body: ChangePasswordRequest, response: { 200: OkResponse } } },
    async (request) => {
      const username = request.identity?.username
      if (!store || !username) {
        throw new HttpError(400, 'Passwords here are not kept by this server: they are set in its auth file.')
      }
      const { current_password, new_password } = request.body
      if (current_password === new_password) {
        throw new HttpError(400, 'The new password must differ from the current one')
      }
      if (!(await store.changeOwnPassword(username, current_password, new_password))) {
        throw new HttpError(400, 'The current password is not correct')
      }
      return { ok: true }
    },
  )
}
