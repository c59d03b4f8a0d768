import { describe, expect, it } from 'vitest'
import { applyClusterAuth, hasToken, isLoggedIn, mayOpen, signIn, signOut, tokenScopes } from './auth'
import { session, tokenCookie } from './storage'

describe('token rules (SPEC §4)', () => {
  it('has no token with an empty cookie, or a non-no_auth cookie without a session token', () => {
    expect(hasToken()).toBe(false)
    tokenCookie.set('need_auth')
    expect(hasToken()).toBe(false)
    tokenCookie.set('no_auth')
    expect(hasToken()).toBe(true)
  })

  it('turns auth off: cookie no_auth and the session token removed', () => {
    session.set('token', 'old-token-from-before')
    applyClusterAuth(false)
    expect(tokenCookie.get()).toBe('no_auth')
    expect(session.get('token')).toBeNull()
    expect(hasToken()).toBe(true)
  })

  it('turns auth on: a tab without a session token gets the cookie set and must sign in', () => {
    tokenCookie.set('no_auth')
    applyClusterAuth(true)
    expect(tokenCookie.get()).toBe('need_auth')
    expect(hasToken()).toBe(false)
    signIn('eyJhbGciOiJIUzI1NiJ9.payload.sig')
    expect(tokenCookie.get()).toBe('eyJhbGciOiJIUzI1NiJ9.payload.sig')
    expect(hasToken()).toBe(true)
  })

  it('leaves the cookie alone when auth is on and a session token exists', () => {
    session.set('token', 'a-session-token')
    applyClusterAuth(true)
    expect(tokenCookie.get()).toBeUndefined()
    tokenCookie.set('a-session-token')
    applyClusterAuth(true)
    expect(tokenCookie.get()).toBe('a-session-token')
  })

  it('counts a token of more than 10 characters as logged in', () => {
    session.set('token', '0123456789')
    expect(isLoggedIn()).toBe(false)
    session.set('token', '0123456789a')
    expect(isLoggedIn()).toBe(true)
  })

  it('LOG OUT clears the cookie and the five session items, and keeps the others', () => {
    signIn('a-long-access-token')
    for (const key of [
      'modelType',
      'lastActiveUrl',
      'runningModelType',
      'registerModelType',
      'subType',
    ] as const) {
      session.set(key, 'x')
    }
    signOut()
    expect(tokenCookie.get()).toBeUndefined()
    for (const key of [
      'token',
      'modelType',
      'lastActiveUrl',
      'runningModelType',
      'registerModelType',
    ] as const) {
      expect(session.get(key)).toBeNull()
    }
    expect(session.get('subType')).toBe('x')
  })
})

describe('what the signed-in user may open', () => {
  const jwt = (claims: Record<string, unknown>) =>
    `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`

  it('reads the scopes of the access token, and opens all where it cannot tell', () => {
    tokenCookie.set('need_auth')
    signIn(jwt({ sub: 'viewer', scopes: ['models:list'] }))
    expect(tokenScopes()).toEqual(['models:list'])
    expect(mayOpen(['models:list'])).toBe(true)
    expect(mayOpen(['models:register'])).toBe(false)
    signIn(jwt({ sub: 'admin', scopes: ['admin'] }))
    expect(mayOpen(['monitor:view'])).toBe(true)
    // Not a JWT, or auth off: the server decides, the console offers all.
    signIn('an-opaque-token-of-some-length')
    expect(tokenScopes()).toBeNull()
    expect(mayOpen(['models:register'])).toBe(true)
    applyClusterAuth(false)
    expect(mayOpen(['models:register'])).toBe(true)
  })
})
