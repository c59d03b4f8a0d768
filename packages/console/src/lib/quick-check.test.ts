import { ModelRegistrationList } from '@serving-console/contract'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { passesAsIs } from './quick-check'

const RECORDED = join(dirname(fileURLToPath(import.meta.url)), '../../../../fixtures/xinference-recorded')

/** Every recorded detailed catalogue: seven kinds (video too) from each of v1.8.0, v2.12.0 and v3.2.1. */
const catalogues = readdirSync(RECORDED).flatMap((version) =>
  readdirSync(join(RECORDED, version))
    .filter((file) => /-registrations-[a-z]+-detailed\.json$/i.test(file))
    .map((file) => {
      const exchange = JSON.parse(readFileSync(join(RECORDED, version, file), 'utf8')) as {
        response: { body: unknown[] }
      }
      return { name: `${version}/${file}`, body: exchange.response.body }
    }),
)

/** The promise the API client relies on: a yes is a (JSON) value zod accepts and returns unchanged. */
function expectSound(schema: z.ZodMiniType, value: unknown): boolean {
  const quick = passesAsIs(schema, value)
  if (quick) {
    const parsed = schema.safeParse(value)
    expect(parsed.success).toBe(true)
    expect(parsed.data).toStrictEqual(value)
  }
  return quick
}

/** A seeded generator, so a failure reproduces. */
function random(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state % below
  }
}

/** Every place in a JSON value: the container and the key of each value below the root. */
function places(value: unknown, out: [Record<string, unknown> | unknown[], string | number][] = []) {
  if (Array.isArray(value))
    value.forEach((item, index) => {
      out.push([value, index])
      places(item, out)
    })
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) {
      out.push([value as Record<string, unknown>, key])
      places(item, out)
    }
  return out
}

const REPLACEMENTS: unknown[] = [
  null,
  0,
  -1.5,
  'text',
  '',
  'x'.repeat(40),
  true,
  [],
  ['a'],
  {},
  { model_name: 'm' },
]

describe('passesAsIs', () => {
  it('passes every recorded catalogue, so the Launch page takes the fast path', () => {
    expect(catalogues.length).toBe(21)
    for (const { name, body } of catalogues) expect(expectSound(ModelRegistrationList, body), name).toBe(true)
  })

  it('never passes what zod refuses or would change: 6,000 mutations of recorded catalogue entries', () => {
    const next = random(14)
    let passed = 0
    let refused = 0
    for (let round = 0; round < 6_000; round++) {
      const { body } = catalogues[round % catalogues.length] ?? { body: [] }
      const sample = structuredClone(body.slice(0, 2))
      const spots = places(sample)
      const [container, key] = spots[next(spots.length)] ?? [sample, 0]
      const action = next(REPLACEMENTS.length + 2)
      if (action === REPLACEMENTS.length && !Array.isArray(container)) Reflect.deleteProperty(container, key)
      else if (action === REPLACEMENTS.length + 1) {
        if (Array.isArray(container)) container.push(structuredClone(container[0]))
        else container.unnamed_key = next(2) === 0
      } else (container as Record<string | number, unknown>)[key] = structuredClone(REPLACEMENTS[action])
      if (expectSound(ModelRegistrationList, sample)) passed++
      else refused++
    }
    // Both answers were given many times, so the mutations reached what the check decides.
    expect(passed).toBeGreaterThan(1_000)
    expect(refused).toBeGreaterThan(1_000)
  })

  it('follows zod on absent keys, extra keys and lengths', () => {
    const loose = z.looseObject({ name: z.string().check(z.maxLength(3)), note: z.nullish(z.string()) })
    const strict = z.strictObject({ name: z.string() })
    expect(expectSound(loose, { name: 'abc' })).toBe(true)
    expect(expectSound(loose, { name: 'abc', note: null, other: [1] })).toBe(true)
    expect(expectSound(loose, { name: 'abcd' })).toBe(false)
    expect(expectSound(loose, { note: 'n' })).toBe(false)
    expect(expectSound(loose, [])).toBe(false)
    expect(expectSound(strict, { name: 'a' })).toBe(true)
    expect(expectSound(strict, { name: 'a', other: 1 })).toBe(false)
    // zod counts a string's code points; the check counts UTF-16 units and asks zod when that is not enough.
    expect(expectSound(z.string().check(z.minLength(2)), '😀')).toBe(false)
    expect(expectSound(z.string().check(z.maxLength(2)), '😀😀')).toBe(false)
    expect(z.string().check(z.maxLength(2)).safeParse('😀😀').success).toBe(true)
    const list = z.array(z.number()).check(z.minLength(1))
    expect(expectSound(list, [1])).toBe(true)
    expect(expectSound(list, [])).toBe(false)
    expect(expectSound(list, [Number.NaN])).toBe(false)
    expect(expectSound(z.union([z.literal('a'), z.enum(['b', 'c'])]), 'c')).toBe(true)
    expect(expectSound(z.union([z.literal('a'), z.enum(['b', 'c'])]), 'd')).toBe(false)
  })

  it('leaves to zod whatever zod would copy or change, and an own __proto__ key', () => {
    const stripping = z.object({ name: z.string() })
    expect(passesAsIs(stripping, { name: 'a' })).toBe(false)
    expect(passesAsIs(z._default(z.string(), 'a'), 'b')).toBe(false)
    expect(
      passesAsIs(
        z.pipe(
          z.string(),
          z.transform((s) => s.length),
        ),
        'b',
      ),
    ).toBe(false)
    expect(passesAsIs(z.string().check(z.refine((s) => s !== 'b')), 'a')).toBe(false)
    expect(passesAsIs(z.int(), 1)).toBe(false)
    const hostile = JSON.parse('{"name":"a","__proto__":{"polluted":true}}') as unknown
    expect(passesAsIs(z.looseObject({ name: z.string() }), hostile)).toBe(false)
    expect(z.looseObject({ name: z.string() }).parse(hostile)).toStrictEqual({ name: 'a' })
  })
})
