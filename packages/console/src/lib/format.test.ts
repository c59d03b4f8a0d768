import { describe, expect, it } from 'vitest'
import { formatBytes, formatMiB, twoDecimals } from './format'

describe('format', () => {
  it('shows byte sizes in binary units with two decimals', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(1536)).toBe('1.50 KiB')
    expect(formatBytes(25_275_240_448)).toBe('23.54 GiB')
    expect(formatBytes(171_798_691_840)).toBe('160.00 GiB')
  })
  it('divides by 1048576 for MiB', () => {
    expect(formatMiB(1048576 * 3.456)).toBe('3.46 MiB')
  })
  it('rounds cluster numbers to two decimals', () => {
    expect(twoDecimals(1.005 + 0.0001)).toBe('1.01')
    expect(twoDecimals(16)).toBe('16.00')
  })
})
