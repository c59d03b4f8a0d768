import type * as z from 'zod/mini'

/** Says yes only where the schema's parse would succeed and return the value's content unchanged. */
type Check = (value: unknown) => boolean

type Schema = z.core.$ZodType

const compiled = new WeakMap<Schema, Check | null>()

/**
 * Whether `value` certainly passes `schema` as it is, checked without zod's machinery: zod allocates a result and a
 * copy for every value it visits, and for the Launch page's catalogue (4 MiB, ~8,600 specs) that was ~40 ms of the
 * first load's main thread, against ~4 ms here (docs/decisions/0015).
 *
 * The check is compiled once per schema from its definition, for the kinds answers are made of (loose and strict
 * objects, arrays, unions, optional and nullable, strings, numbers, booleans, null, literals, enums, unknown) and
 * length checks. `false` is not a verdict: it means "ask zod", which then says where an answer is wrong, or parses
 * what this cannot (a stripping object, a default, a transform, a refinement). So a check may be strict where zod's
 * rules are subtle, and must never be lenient: the tests hold it to zod on recorded answers and on mutations of them.
 * `value` is parsed JSON: arrays with named properties, which zod's copy would drop, do not occur in it.
 */
export function passesAsIs(schema: Schema, value: unknown): boolean {
  let check = compiled.get(schema)
  if (check === undefined) {
    check = compile(schema)
    compiled.set(schema, check)
  }
  return check !== null && check(value)
}

function compile(schema: Schema): Check | null {
  const def = schema._zod.def
  const base = compileKind(schema)
  if (!base) return null
  const limits: Check[] = []
  for (const { _zod: check } of def.checks ?? []) {
    const { def: checkDef } = check as unknown as {
      def: { check: string; maximum?: number; minimum?: number }
    }
    const { maximum, minimum } = checkDef
    // Units, not code points, so never more lenient: a code point is one or two UTF-16 units.
    if (checkDef.check === 'max_length' && maximum !== undefined) limits.push((v) => lengthOf(v) <= maximum)
    else if (checkDef.check === 'min_length' && minimum !== undefined)
      limits.push((v) => (typeof v === 'string' ? Array.from(v).length : lengthOf(v)) >= minimum)
    else return null
  }
  if (limits.length === 0) return base
  return (value) => base(value) && limits.every((limit) => limit(value))
}

const lengthOf = (value: unknown) => (value as { length: number }).length

function compileKind(schema: Schema): Check | null {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>
  if ('coerce' in def && def.coerce) return null
  switch (def.type) {
    case 'string':
      return 'format' in def && def.format ? null : (v) => typeof v === 'string'
    case 'number':
      return 'format' in def && def.format ? null : (v) => typeof v === 'number' && Number.isFinite(v)
    case 'boolean':
      return (v) => typeof v === 'boolean'
    case 'null':
      return (v) => v === null
    case 'unknown':
    case 'any':
      return () => true
    case 'literal':
    case 'enum': {
      const values = schema._zod.values
      return values ? (v) => values.has(v as z.core.util.Primitive) : null
    }
    case 'optional':
    case 'nullable': {
      // An exact optional refuses undefined, and an inner default would replace it: both are zod's to parse.
      const { innerType } = def as unknown as z.core.$ZodOptionalDef
      if (schema._zod.traits.has('$ZodExactOptional') || innerType._zod.optin === 'defaulted') return null
      const inner = compile(innerType)
      if (!inner) return null
      return def.type === 'optional' ? (v) => v === undefined || inner(v) : (v) => v === null || inner(v)
    }
    case 'union': {
      const { options, inclusive } = def as unknown as z.core.$ZodUnionDef & { inclusive?: boolean }
      if (inclusive === false) return null
      const checks = options.map(compile)
      if (checks.some((check) => check === null)) return null
      return (v) => checks.some((check) => check?.(v))
    }
    case 'array': {
      const element = compile((def as unknown as z.core.$ZodArrayDef).element)
      if (!element) return null
      return (v) => {
        if (!Array.isArray(v)) return false
        for (const item of v) if (!element(item)) return false
        return true
      }
    }
    case 'object':
      return compileObject(def as unknown as z.core.$ZodObjectDef)
    default:
      return null
  }
}

function compileObject(def: z.core.$ZodObjectDef): Check | null {
  // A plain `z.object` returns a copy without the keys it does not name: only zod gives that copy.
  const extra = def.catchall?._zod.def.type
  if (extra !== 'unknown' && extra !== 'never') return null
  // Parallel arrays walked by index: the check runs for every object of an answer (~100,000 in the largest
  // catalogue), mostly while its code is still cold, where a loop over tuples costs an iterator per object.
  const keys: string[] = []
  const checks: Check[] = []
  const mayBeAbsent: boolean[] = []
  for (const [key, field] of Object.entries(def.shape)) {
    const check = compile(field)
    if (!check) return null
    const { optin, optout } = field._zod
    keys.push(key)
    checks.push(check)
    mayBeAbsent.push(optin === 'optional' && optout === 'optional')
  }
  const named = new Set(keys)
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false
    // zod leaves `__proto__` out of its copy: such an answer is its to parse.
    if (Object.hasOwn(v, '__proto__')) return false
    const record = v as Record<string, unknown>
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string
      // One lookup where the key is there (parsed JSON holds no undefined); `in` only to tell an absent key.
      const value = record[key]
      if (value === undefined && !(key in record)) {
        if (!mayBeAbsent[i]) return false
      } else if (!(checks[i] as Check)(value)) return false
    }
    if (extra === 'never') for (const key in record) if (!named.has(key)) return false
    return true
  }
}
