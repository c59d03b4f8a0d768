import { api } from '@serving-console/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AuthUser, Authenticator } from '../auth/authenticator.js'
import type { FailureBans } from '../auth/failure-bans.js'
import type { UserStore } from '../auth/user-store.js'
import { SignInLimiter } from '../auth/sign-in-limiter.js'
import { clientAddress } from '../../http/client-view.js'
import { HttpError } from '../../http/http-error.js'
import { serve } from '../../http/serve.js'

/** An answer that carries a token is never kept by a browser or a proxy on the way. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

/**
 * `POST /token`: a JSON body {username, password}, as upstream accepts. With the user store, as v3: a refresh token
 * beside the access token, both of one session; `POST /v1/auth/refresh` spends the refresh token for new ones, `POST
 * /v1/auth/logout` ends the session, `POST /v1/auth/logout-all` every session of the caller. A wrong password,
 * here or on `PUT /v1/auth/password`, is slowed per name and address (sign-in-limiter.ts) and counts toward the
 * address's ban; a right one is let in even from a banned address (docs/security.md).
 */
export async function tokenRoutes(
  app: FastifyInstance,
  options: { authenticator: Authenticator | null; store: UserStore | null; bans: FailureBans | null },
) {
  const { authenticator, store, bans } = options
  const limiter = new SignInLimiter()

  /** The user whose password this is, or a 429 while this name and address must wait, else a 401 or a 429. */
  const checked = async (request: FastifyRequest, username: string, password: string, wrong: HttpError) => {
    if (!authenticator)
      throw new HttpError(400, 'This server runs without authentication; no sign-in is needed.')
    const address = clientAddress(request)
    const wait = limiter.retryAfter(username, address)
    if (wait > 0) {
      throw new HttpError(429, `Too many failed sign-ins; try again in ${wait} s.`, {
        'retry-after': String(wait),
      })
    }
    const user = await authenticator.checkPassword(username, password)
    if (user) {
      limiter.succeed(username, address)
      return user
    }
    limiter.fail(username, address)
    const banned = bans?.ipBan(address) ?? 0
    if (banned > 0) {
      request.auditStatus = 'ip_banned'
      throw new HttpError(429, 'Too many failed attempts. IP temporarily banned.', {
        'retry-after': String(banned),
      })
    }
    bans?.failIp(address)
    throw wrong
  }

  /** The tokens of a new session of `user` (just an access token without the store). */
  const signedIn = async (user: AuthUser) => {
    if (!authenticator)
      throw new HttpError(400, 'This server runs without authentication; no sign-in is needed.')
    if (!store || user.id === undefined || user.credential === undefined) {
      return { access_token: await authenticator.issueToken(user), token_type: 'bearer' }
    }
    const opened = store.openSession(user.id, user.credential)
    // The password changed while it was checked (a reset, a change): what was ended stays ended.
    if (!opened) throw new HttpError(401, 'Incorrect username or password', { 'www-authenticate': 'Bearer' })
    const { session, refresh } = opened
    return {
      access_token: await authenticator.issueToken(user, session),
      token_type: 'bearer',
      refresh_token: refresh,
    }
  }

  serve(app, api.signIn, async (request, reply) => {
    const { username, password } = request.body
    request.auditUser = username
    const incorrect = new HttpError(401, 'Incorrect username or password', { 'www-authenticate': 'Bearer' })
    const user = await checked(request, username, password, incorrect)
    noStore(reply)
    return {
      ...(await signedIn(user)),
      ...(user.must_change_password ? { must_change_password: true } : {}),
    }
  })
  serve(app, api.refreshToken, async (request, reply) => {
    if (!store || !authenticator) throw new HttpError(400, 'This server issues no refresh tokens')
    const renewed = store.useRefresh(request.body.refresh_token)
    if (!renewed) throw new HttpError(401, 'Invalid or expired refresh token')
    request.auditUser = renewed.user.username
    noStore(reply)
    return {
      access_token: await authenticator.issueToken(renewed.user, renewed.session),
      token_type: 'bearer',
      refresh_token: renewed.refresh,
    }
  })
  serve(app, api.signOut, (request) => {
    const ended = Boolean(
      store && request.body.refresh_token && store.sessions.endOf(request.body.refresh_token),
    )
    // Anyone may call this with anything: only a logout that ended a session is an event of the trail's security
    // tier; the rest is noise (audit-log.ts).
    if (!ended) request.auditTier = 'request'
    return { ok: true }
  })
  serve(app, api.signOutEverywhere, (request) => {
    const userId = request.identity?.userId
    if (!store || userId === undefined) {
      throw new HttpError(400, 'Sessions here are not kept by this server: its tokens end when they expire.')
    }
    store.sessions.endAll(userId)
    return { ok: true }
  })
  serve(app, api.changeOwnPassword, async (request, reply) => {
    const username = request.identity?.username
    if (!store || !username) {
      throw new HttpError(400, 'Passwords here are not kept by this server: they are set in its auth file.')
    }
    const { current_password, new_password } = request.body
    if (current_password === new_password) {
      throw new HttpError(400, 'The new password must differ from the current one')
    }
    const user = await checked(
      request,
      username,
      current_password,
      new HttpError(400, 'The current password is not correct'),
    )
    const wrong = new HttpError(400, 'The current password is not correct')
    if (user.id === undefined || user.credential === undefined) throw wrong
    const credential = await store.setOwnPassword(user.id, new_password, user.credential)
    if (!credential) throw wrong
    noStore(reply)
    return { ok: true, ...(await signedIn({ ...user, must_change_password: false, credential })) }
  })
}
