import type { Locale } from '@serving-console/contract'
import common from './messages/en/common.json'
import launch from './messages/en/launch.json'
import shell from './messages/en/shell.json'
import type cluster from './messages/en/cluster.json'
import type playground from './messages/en/playground.json'
import type register from './messages/en/register.json'
import type running from './messages/en/running.json'
import type system from './messages/en/system.json'

/**
 * The message catalogues: one JSON file per area and language (`messages/{locale}/{area}.json`), ICU
 * MessageFormat, keyed within the area; a message's id is `{area}.{key}`. The areas every first visit shows (the
 * shell, the home screen, the common words) ship with the first screen in English; each other screen's area comes
 * with the screen (app/screens.ts), and the other languages when chosen: the first screen carries no text of the
 * other screens.
 */
const FIRST = { common, launch, shell }
type Areas = typeof FIRST & {
  cluster: typeof cluster
  playground: typeof playground
  register: typeof register
  running: typeof running
  system: typeof system
}
export type Area = keyof Areas
export const AREAS: Area[] = [
  'cluster',
  'common',
  'launch',
  'playground',
  'register',
  'running',
  'shell',
  'system',
]
/** The areas shown on every screen, always here. */
export const FIRST_AREAS = Object.keys(FIRST) as Area[]

/** Every message id, checked by the compiler: `t('launch.drawer.title')`. */
export type MessageId = { [A in Area]: `${A}.${keyof Areas[A] & string}` }[Area]
export type Messages = Record<string, string>

const flatten = (areas: Partial<Record<Area, Record<string, string>>>): Messages =>
  Object.fromEntries(
    Object.entries(areas).flatMap(([area, messages]) =>
      Object.entries(messages).map(([key, message]) => [`${area}.${key}`, message]),
    ),
  )

/** The first areas in English, here with the first screen. */
export const EN_FIRST: Messages = flatten(FIRST)

const files = import.meta.glob<Record<string, string>>(
  ['./messages/*/*.json', '!./messages/en/{common,launch,shell}.json'],
  { import: 'default' },
)

/** `areas` of a language's messages: English's first areas at once, the rest fetched (a small chunk each). */
export async function loadAreas(locale: Locale, areas: readonly Area[]): Promise<Messages> {
  const loaded = await Promise.all(
    areas.map(async (area) => {
      if (locale === 'en' && area in FIRST) return [area, FIRST[area as keyof typeof FIRST]] as const
      const load = files[`./messages/${locale}/${area}.json`]
      return [area, load ? await load() : {}] as const
    }),
  )
  return flatten(Object.fromEntries(loaded))
}
