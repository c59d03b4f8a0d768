import { describe, expect, it } from 'vitest'
import { cosine, cosineMatrix } from './cosine'

describe('cosine similarity', () => {
  it('is 1 for vectors pointing alike, 0 across, −1 opposite, and 0 for a zero vector', () => {
    expect(cosine([1, 2], [2, 4])).toBeCloseTo(1)
    expect(cosine([1, 0], [0, 3])).toBeCloseTo(0)
    expect(cosine([1, 1], [-1, -1])).toBeCloseTo(-1)
    expect(cosine([0, 0], [1, 1])).toBe(0)
  })

  it('compares every pair, symmetric, with 1 down the diagonal', () => {
    const matrix = cosineMatrix([
      [1, 0],
      [1, 1],
      [0, 1],
    ])
    expect(matrix.map((row) => row.map((value) => Number(value.toFixed(4))))).toEqual([
      [1, 0.7071, 0],
      [0.7071, 1, 0.7071],
      [0, 0.7071, 1],
    ])
  })
})
