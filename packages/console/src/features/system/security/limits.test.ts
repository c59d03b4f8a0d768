import { describe, expect, it } from 'vitest'
import { configOf, draftOf, limitError, limitValue } from './limits'

const config = {
  ip: { max_failures: 10, window_seconds: 300, ban_seconds: 900 },
  key: { max_failures: 5, window_seconds: 60, ban_seconds: 600 },
}

describe('the failure limits form', () => {
  it('gives back what it was given', () => {
    expect(configOf(draftOf(config))).toEqual(config)
  })

  it('takes whole numbers within the contract bounds only', () => {
    expect(limitValue('max_failures', '10000')).toBe(10000)
    expect(limitValue('max_failures', '10001')).toBeNull()
    expect(limitValue('window_seconds', '0')).toBeNull()
    expect(limitValue('window_seconds', '1.5')).toBeNull()
    expect(limitValue('ban_seconds', '2592000')).toBe(2592000)
    expect(limitValue('ban_seconds', '2592001')).toBeNull()
    expect(limitValue('ban_seconds', '')).toBeNull()
  })

  it('says the bounds of a wrong field, and saves nothing while one is wrong', () => {
    expect(limitError('window_seconds', '0')).toBe('A whole number from 1 to 86,400')
    expect(limitError('window_seconds', '60')).toBeNull()
    const draft = draftOf(config)
    draft.key.ban_seconds = 'x'
    expect(configOf(draft)).toBeNull()
  })
})
