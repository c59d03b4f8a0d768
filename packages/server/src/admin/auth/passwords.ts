import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * scrypt, memory-hard: 2^15 × 8 × 128 bytes = 32 MiB and some 50–100 ms a hash, which makes guessing expensive
 * and signing in still quick. The parameters are stored with each hash, so they can be raised later.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 }
const KEY_BYTES = 32
const SALT_BYTES = 16
/** Node's scrypt refuses more than 32 MiB unless told; this leaves room for the cost above. */
const MAX_MEMORY = 64 * 1024 * 1024

function derive(password: string, salt: Buffer, cost: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { ...cost, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** A hash to check against when there is no user, so an unknown name costs what a wrong password costs. */
let decoy: Promise<string> | undefined
export const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString('hex')))

/** Whether `password` is the one `stored` was made from; compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const cost = { N: Number(n), r: Number(r), p: Number(p) }
  if (![cost.N, cost.r, cost.p].every((value) => Number.isInteger(value) && value > 0)) return false
  const actual = await derive(password, Buffer.from(salt, 'base64url'), cost)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
