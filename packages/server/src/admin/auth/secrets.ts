import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()

/**
 * Compares secrets in time that depends on neither value: both sides are hashed to equal length first, so
 * neither the content nor the length of the expected secret leaks.
 */
export function secretsEqual(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected))
}
