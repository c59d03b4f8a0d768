import { describe, expect, it } from 'vitest'
import { knownScopes, passwordError, usernameError, withScope } from './validation'

describe('user validation', () => {
  it('takes the names the server takes', () => {
    expect(usernameError('alice.b@x-1_2')).toBeNull()
    expect(usernameError('')).toMatch(/letters/)
    expect(usernameError('has space')).toMatch(/letters/)
    expect(usernameError('a'.repeat(65))).toMatch(/letters/)
  })

  it('wants a password of at least 8 characters', () => {
    expect(passwordError('1234567')).toBe('Use at least 8 characters')
    expect(passwordError('12345678')).toBeNull()
    expect(passwordError('x'.repeat(1025))).not.toBeNull()
  })
})

describe('scopes', () => {
  it('keeps the known ones in their order', () => {
    expect(knownScopes(['admin', 'legacy:thing', 'models:list'])).toEqual(['models:list', 'admin'])
  })

  it('turns one on or off', () => {
    expect(withScope(['admin'], 'models:list', true)).toEqual(['models:list', 'admin'])
    expect(withScope(['models:list', 'admin'], 'admin', false)).toEqual(['models:list'])
  })
})
