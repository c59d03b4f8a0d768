import type { Locale } from '@serving-console/contract'
import cluster from './messages/en/cluster.json'
import common from './messages/en/common.json'
import launch from './messages/en/launch.json'
import register from './messages/en/register.json'
import running from './messages/en/running.json'
import shell from './messages/en/shell.json'
import system from './messages/en/system.json'

/**
 * The message catalogues: one JSON file per area and language (`messages/{locale}/{area}.json`), ICU
 * MessageFormat, keyed within the area; a message's id is `{area}.{key}`. English ships with the first screen;
 * the other languages load when chosen.
 */
const ENGLISH = { cluster, common, launch, register, running, shell, system }
type Areas = typeof ENGLISH
export type Area = keyof Areas
export const AREAS = Object.keys(ENGLISH) as Area[]

/** Every message id, checked by the compiler: `t('launch.drawer.title')`. */
export type MessageId = { [A in Area]: `${A}.${keyof Areas[A] & string}` }[Area]
export type Messages = Record<string, string>

const flatten = (areas: Partial<Record<Area, Record<string, string>>>): Messages =>
  Object.fromEntries(
    Object.entries(areas).flatMap(([area, messages]) =>
      Object.entries(messages).map(([key, message]) => [`${area}.${key}`, message]),
    ),
  )

export const EN_MESSAGES: Messages = flatten(ENGLISH)

const files = import.meta.glob<Record<string, string>>(['./messages/*/*.json', '!./messages/en/*.json'], {
  import: 'default',
})

/** A language's messages: English at once, any other fetched (one small chunk per area, all at once). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === 'en') return EN_MESSAGES
  const areas = await Promise.all(
    AREAS.map(async (area) => {
      const load = files[`./messages/${locale}/${area}.json`]
      return [area, load ? await load() : {}] as const
    }),
  )
  return flatten(Object.fromEntries(areas))
}
