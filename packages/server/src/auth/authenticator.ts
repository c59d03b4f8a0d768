import type { Scope } from '@serving-console/contract'
import { errors, jwtVerify, SignJWT } from 'jose'
import { HttpError } from '../http-error.js'
import type { KeyHolder, KeyRefusal } from './api-keys.js'

export interface Identity {
  username: string
  scopes: readonly Scope[]
  /** Set when the bearer is one of the user store's API keys: it reaches only models, and only its own. */
  key?: KeyHolder
  /** An administrator set this user's password: until they change it, nothing else is answered (v3's rule). */
  mustChangePassword?: boolean
}

/** A 401 for a key that is ours but may not be used now (disabled, expired): it counts against that key. */
export class KeyRefused extends HttpError {
  constructor(
    readonly keyId: number,
    reason: KeyRefusal,
  ) {
    super(401, reason, { 'www-authenticate': 'Bearer' })
  }
}

/** The user store's API keys, as the authenticator asks them. */
export interface KeyDirectory {
  /** The key a token is, with its holder, or why it cannot be used; undefined when it is none of ours. */
  identify(token: string): (KeyHolder | { refused: KeyRefusal; keyId: number }) | undefined
  /** The key's owner, while they may still be let in. */
  owner(key: KeyHolder): AuthUser | undefined
}

const CHALLENGE = { 'www-authenticate': 'Bearer' }
export const notAuthenticated = () => new HttpError(401, 'Not authenticated', CHALLENGE)
const invalidCredentials = () => new HttpError(401, 'Could not validate credentials', CHALLENGE)

/** Someone who may sign in, with the scopes they hold now. */
export interface AuthUser {
  username: string
  permissions: readonly Scope[]
  /** Set when an administrator chose their password: they are to change it (upstream v3's flag). */
  must_change_password?: boolean
}

/** Where users come from: upstream's auth file, or the built-in store (`--auth`). */
export interface UserDirectory {
  /** The user whose password this is, or null; unknown names cost what wrong passwords cost. */
  checkPassword(username: string, password: string): Promise<AuthUser | null>
  /** A user who may still be let in (listed, enabled), with their scopes now. */
  current(username: string): AuthUser | undefined
  /** The owner of an API key, or undefined. */
  keyOwner(token: string): AuthUser | undefined
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

  async issueToken(user: AuthUser): Promise<string> {
    return new SignJWT({ scopes: [...user.permissions] })
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
    if (key && 'refused' in key) throw new KeyRefused(key.keyId, key.refused)
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
      // Scopes come from the directory, not the token: it is the truth for a user who is still listed.
      const user = payload.sub === undefined ? undefined : this.directory.current(payload.sub)
      if (!user) throw invalidCredentials()
      return identityOfUser(user)
    } catch (error) {
      if (error instanceof HttpError) throw error
      if (error instanceof errors.JOSEError) throw invalidCredentials()
      throw error
    }
  }
}

/** admin passes every check. */
function identityOfUser(user: AuthUser, key?: KeyHolder): Identity {
  return {
    username: user.username,
    scopes: user.permissions,
    ...(key ? { key } : {}),
    ...(user.must_change_password ? { mustChangePassword: true } : {}),
  }
}

export function holds(identity: Identity, scope: Scope): boolean {
  return identity.scopes.includes('admin') || identity.scopes.includes(scope)
}
