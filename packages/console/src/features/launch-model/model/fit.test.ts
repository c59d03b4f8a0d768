import { describe, expect, it } from 'vitest'
import { speedMessage } from './fit'

describe('an estimated speed as people read it', () => {
  it('keeps one decimal below 10 tokens/s, whole numbers above, and says only "over" past 100', () => {
    expect(speedMessage(1.94)).toEqual({ id: 'launch.fit.speed', values: { speed: 1.9 } })
    expect(speedMessage(27.4)).toEqual({ id: 'launch.fit.speed', values: { speed: 27 } })
    expect(speedMessage(27_000)).toEqual({ id: 'launch.fit.speedOver', values: { speed: 100 } })
    expect(speedMessage(null)).toBeNull()
  })
})
