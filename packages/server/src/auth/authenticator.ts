import type { Scope } from '@serving-console/contract'
import { errors, jwtVerify, SignJWT } from 'jose'
import { HttpError } from '../http-error.js'
import type { AuthSettings, AuthUser } from './auth-file.js'
import { secretsEqual } from './secrets.js'

export interface Identity {
  username: string
  scopes: readonly Scope[]
}

const CHALLENGE = { 'www-authenticate': 'Bearer' }
export const notAuthenticated = () => new HttpError(401, 'Not authenticated', CHALLENGE)
const invalidCredentials = () => new HttpError(401, 'Could not validate credentials', CHALLENGE)

/** Users of the auth file: checks passwords, issues and verifies signed tokens, resolves api keys. */
export class Authenticator {
  private readonly secret: Uint8Array
  private readonly users: Map<string, AuthUser>
  private readonly apiKeys: [string, AuthUser][]

  constructor(private readonly settings: AuthSettings) {
    this.secret = new TextEncoder().encode(settings.auth_config.secret_key)
    this.users = new Map(settings.user_config.map((user) => [user.username, user]))
    this.apiKeys = settings.user_config.flatMap((user) =>
      user.api_keys.map((key): [string, AuthUser] => [key, user]),
    )
  }

  /** The user whose password this is, or null. Unknown names cost the same as wrong passwords. */
  checkPassword(username: string, password: string): AuthUser | null {
    const user = this.users.get(username)
    const matches = secretsEqual(password, user?.password ?? '\u0000 no such user')
    return user && matches ? user : null
  }

  async issueToken(user: AuthUser): Promise<string> {
    const { algorithm, token_expire_in_minutes } = this.settings.auth_config
    return new SignJWT({ scopes: user.permissions })
      .setProtectedHeader({ alg: algorithm })
      .setSubject(user.username)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000 + token_expire_in_minutes * 60))
      .sign(this.secret)
  }

  /** The identity behind a bearer token (a JWT or an api key); 401 when it is none of ours or has expired. */
  async identify(token: string): Promise<Identity> {
    const keyOwner = this.apiKeys.find(([key]) => secretsEqual(token, key))?.[1]
    if (keyOwner) return { username: keyOwner.username, scopes: keyOwner.permissions }
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: [this.settings.auth_config.algorithm],
        requiredClaims: ['sub', 'exp'],
      })
      // Scopes come from the file, not the token: the file is the truth for a user who is still listed.
      const user = payload.sub === undefined ? undefined : this.users.get(payload.sub)
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
