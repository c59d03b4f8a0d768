import { LoginRequest, routePatterns, TokenResponse } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import type { Authenticator } from '../auth/authenticator.js'
import { SignInLimiter } from '../auth/sign-in-limiter.js'
import { HttpError } from '../http-error.js'
import type { ZodTypeProvider } from '../zod-type-provider.js'

/** `POST /token`: a JSON body {username, password}, as upstream accepts. */
export async function tokenRoutes(app: FastifyInstance, options: { authenticator: Authenticator | null }) {
  const { authenticator } = options
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
        const wait = limiter.retryAfter(username, request.ip)
        if (wait > 0) {
          throw new HttpError(429, `Too many failed sign-ins; try again in ${wait} s.`, {
            'retry-after': String(wait),
          })
        }
        const user = await authenticator.checkPassword(username, password)
        if (!user) {
          limiter.fail(username, request.ip)
          throw new HttpError(401, 'Incorrect username or password', { 'www-authenticate': 'Bearer' })
        }
        limiter.succeed(username, request.ip)
        return {
          access_token: await authenticator.issueToken(user),
          token_type: 'bearer',
          ...(user.must_change_password ? { must_change_password: true } : {}),
        }
      },
    )
}
