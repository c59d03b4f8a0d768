import type { Scope } from '@serving-console/contract'
import { errors, jwtVerify, SignJWT } from 'jose'
import { HttpError } from '../../http/http-error.js'
import type { KeyHolder, KeyLabel, RefusedKey } from './api-keys.js'

export interface Identity {
  username: string
  /** The user's id in the built-in store; undefined for the auth file's users. */
  userId?: number | undefined
  /** The session the access token belongs to (the built-in store), which logout ends. */
  session?: string | undefined
  scopes: readonly Scope[]
  /** Set when the bearer is one of the user store's API keys: it reaches only models, and only its own. */
  key?: KeyHolder
  /** An administrator set this user's password: until they change it, nothing else is answered (v3's rule). */
  mustChangePassword?: boolean
}

/**
 * A 401 for a key that is ours but may not be used now (disabled, expired): it counts against that key, and the
 * trail and the ban list name it.
 */
export class KeyRefused extends HttpError {
  readonly key: KeyLabel
  constructor({ refused, key }: RefusedKey) {
    super(401, refused, { 'www-authenticate': 'Bearer' })
    this.key = key
  }
}

/** The user store's API keys, as the authenticator asks them. */
export interface KeyDirectory {
  /** The key a token is, with its holder, or why it cannot be used; undefined when it is none of ours. */
  identify(token: string): KeyHolder | RefusedKey | undefined
  /** The key's owner, while they may still be let in. */
  owner(key: KeyHolder): AuthUser | undefined
}

const CHALLENGE = { 'www-authenticate': 'Bearer' }
export const notAuthenticated = () => new HttpError(401, 'Not authenticated', CHALLENGE)
const invalidCredentials = () => new HttpError(401, 'Could not validate credentials', CHALLENGE)

/** Someone who may sign in, with the scopes they hold now. */
export interface AuthUser {
  /** The built-in store's id; the auth file's users have none. */
  id?: number
  username: string
  permissions: readonly Scope[]
  /** Set when an administrator chose their password: they are to change it (upstream v3's flag). */
  must_change_password?: boolean
  /** The built-in store's: what the password was checked against, so a session opens only while it still holds. */
  credential?: string
}

/** Where users come from: upstream's auth file, or the built-in store (`--auth`). */
export interface UserDirectory {
  /** The user whose password this is, or null; unknown names cost what wrong passwords cost. */
  checkPassword(username: string, password: string): Promise<AuthUser | null>
  /** The user a valid token names, while they may still be let in (listed, enabled, in a live session). */
  current(claims: TokenClaims): AuthUser | undefined
  /** The owner of an API key, or undefined. */
  keyOwner(token: string): AuthUser | undefined
}

/** What a token says of its user: a name, and with the built-in store an id and a session. */
export interface TokenClaims {
  sub: string
  uid?: unknown
  sid?: unknown
}

/** How this server signs its tokens. */
export interface TokenSettings {
  algorithm: 'HS256' | 'HS384' | 'HS512'
  secret: string
  expireMinutes: number
}

/** Checks passwords against a user directory, issues and verifies signed tokens, resolves api keys. */
export class Authenticator {
  private readonly secret: Uint8Array

  constructor(
    private readonly tokens: TokenSettings,
    readonly directory: UserDirectory,
    private readonly keys?: KeyDirectory,
  ) {
    this.secret = new TextEncoder().encode(tokens.secret)
  }

  checkPassword(username: string, password: string): Promise<AuthUser | null> {
    return this.directory.checkPassword(username, password)
  }

  /** An access token of `user`, in `session` where the directory keeps sessions. */
  async issueToken(user: AuthUser, session?: string): Promise<string> {
    const claims = {
      scopes: [...user.permissions],
      ...(user.id === undefined ? {} : { uid: user.id }),
      ...(session === undefined ? {} : { sid: session }),
    }
    return new SignJWT(claims)
      .setProtectedHeader({ alg: this.tokens.algorithm })
      .setSubject(user.username)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000 + this.tokens.expireMinutes * 60))
      .sign(this.secret)
  }

  /** The identity behind a bearer token (a JWT or an api key); 401 when it is none of ours or has expired. */
  async identify(token: string): Promise<Identity> {
    const keyOwner = this.directory.keyOwner(token)
    if (keyOwner) return { username: keyOwner.username, scopes: keyOwner.permissions }
    const key = this.keys?.identify(token)
    if (key && 'refused' in key) throw new KeyRefused(key)
    if (key) {
      const owner = this.keys?.owner(key)
      if (!owner) throw invalidCredentials()
      return identityOfUser(owner, key)
    }
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: [this.tokens.algorithm],
        requiredClaims: ['sub', 'exp'],
      })
      if (!withinLifetime(payload, this.tokens.expireMinutes * 60)) throw invalidCredentials()
      // Scopes come from the directory, not the token: it is the truth for a user who is still listed.
      const user =
        payload.sub === undefined
          ? undefined
          : this.directory.current({ sub: payload.sub, uid: payload['uid'], sid: payload['sid'] })
      if (!user) throw invalidCredentials()
      return identityOfUser(user, undefined, typeof payload['sid'] === 'string' ? payload['sid'] : undefined)
    } catch (error) {
      if (error instanceof HttpError) throw error
      if (error instanceof errors.JOSEError) throw invalidCredentials()
      throw error
    }
  }
}

/** Seconds a clock may be ahead of ours. */
const CLOCK_SKEW = 60

/**
 * Whatever a token claims, it is not taken past the lifetime this server gives its tokens: its `exp` no further
 * than that from now, and, where it says when it was issued (this server's always do; upstream's classic ones may
 * not), not issued in the future nor longer ago than that.
 */
function withinLifetime(payload: { exp?: number | undefined; iat?: number | undefined }, lifetime: number) {
  const now = Date.now() / 1000
  if (payload.exp === undefined || payload.exp > now + lifetime + CLOCK_SKEW) return false
  if (payload.iat === undefined) return true
  return payload.iat <= now + CLOCK_SKEW && now - payload.iat <= lifetime
}

/** Who a request acts as: the user, through one of their keys or in one of their sessions. */
function identityOfUser(user: AuthUser, key?: KeyHolder, session?: string): Identity {
  return {
    username: user.username,
    userId: user.id,
    ...(session ? { session } : {}),
    scopes: user.permissions,
    ...(key ? { key } : {}),
    ...(user.must_change_password ? { mustChangePassword: true } : {}),
  }
}

export function holds(identity: Identity, scope: Scope): boolean {
  return identity.scopes.includes('admin') || identity.scopes.includes(scope)
}
