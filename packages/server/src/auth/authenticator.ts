import type { Scope } from '@serving-console/contract'
import { errors, jwtVerify, SignJWT } from 'jose'
import { HttpError } from '../http-error.js'

export interface Identity {
  username: string
  scopes: readonly Scope[]
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
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: [this.tokens.algorithm],
        requiredClaims: ['sub', 'exp'],
      })
      // Scopes come from the directory, not the token: it is the truth for a user who is still listed.
      const user = payload.sub === undefined ? undefined : this.directory.current(payload.sub)
      if (!user) throw invalidCredentials()
      return { username: user.username, scopes: user.permissions }
    } catch (error) {
      if (error instanceof HttpError) throw error
      if (error instanceof errors.JOSEError) throw invalidCredentials()
      throw error
    }
  }
}

/** admin passes every check. */
export function holds(identity: Identity, scope: Scope): boolean {
  return identity.scopes.includes('admin') || identity.scopes.includes(scope)
}
