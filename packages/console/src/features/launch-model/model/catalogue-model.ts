import type { ModelRegistration, ModelSpec } from '@serving-console/contract'
import type { MessageId } from '../../../i18n/catalogue'
import { currentIntl } from '../../../i18n/i18n'
import { sizeKey } from './launch-options'

/** One format and size of a model, with a cache flag per quantization. */
export interface SpecView {
  format: string
  size: string | number | null
  quantizations: string[]
  cached: boolean[]
}

/** A catalogue entry as the Launch screen needs it, whichever wire shape it came in. */
export interface CatalogueModel {
  name: string
  description: string
  languages: string[]
  family: string | null
  abilities: string[]
  contextLength: number | null
  dimensions: number | null
  maxTokens: number | null
  isBuiltin: boolean
  /** Grouped on first read (a card's cache mark, the Cached filter, the launch form), not for every model at load. */
  readonly specs: SpecView[]
  /** Lower-cased once, so a keystroke in the search does no string work per model. */
  search: { name: string; nameAndDescription: string }
  /** The entry as the server sent it (the custom JSON view shows it). */
  raw: ModelRegistration
}

/**
 * Groups specs by format and size. Upstream ≥ v1.8 sends one row per quantization (`quantization` string,
 * boolean `cache_status`); SPEC's shape sends a `quantizations` list with a boolean or a list of flags.
 */
export function specViews(specs: readonly ModelSpec[]): SpecView[] {
  const views = new Map<string, SpecView>()
  for (const spec of specs) {
    const key = `${spec.model_format}|${sizeKey(spec.model_size_in_billions)}`
    const view = views.get(key) ?? {
      format: spec.model_format,
      size: spec.model_size_in_billions ?? null,
      quantizations: [],
      cached: [],
    }
    views.set(key, view)
    const quantizations = spec.quantizations ?? (spec.quantization ? [spec.quantization] : [])
    quantizations.forEach((quantization, index) => {
      const flag = Array.isArray(spec.cache_status)
        ? Boolean(spec.cache_status[index])
        : Boolean(spec.cache_status)
      const at = view.quantizations.indexOf(quantization)
      if (at === -1) {
        view.quantizations.push(quantization)
        view.cached.push(flag)
      } else view.cached[at] = (view.cached[at] ?? false) || flag
    })
  }
  return [...views.values()]
}

export function toCatalogueModel(raw: ModelRegistration): CatalogueModel {
  let specs: SpecView[] | undefined
  return {
    name: raw.model_name,
    description: raw.model_description ?? '',
    languages: raw.model_lang ?? (typeof raw.language === 'string' ? [raw.language] : (raw.language ?? [])),
    family: raw.model_family ?? null,
    abilities: raw.model_ability ?? [],
    contextLength: raw.context_length ?? null,
    dimensions: raw.dimensions ?? null,
    maxTokens: raw.max_tokens ?? null,
    isBuiltin: raw.is_builtin ?? false,
    get specs() {
      return (specs ??= specViews(raw.model_specs ?? []))
    },
    search: {
      name: raw.model_name.toLowerCase(),
      nameAndDescription: `${raw.model_name}\n${raw.model_description ?? ''}`.toLowerCase(),
    },
    raw,
  }
}

/** Cached when any quantization of any spec is, or the entry says so itself (non-LLM kinds). */
export function isCached(model: CatalogueModel): boolean {
  return model.specs.some((spec) => spec.cached.some(Boolean)) || model.raw.cache_status === true
}

/**
 * Whether the catalogue marks the chosen quantization cached (format and size as the form holds them; the first
 * spec where the form has none); null until a quantization is chosen.
 */
export function catalogueCached(
  model: CatalogueModel,
  choice: { format: string; size: string; quantization: string },
): boolean | null {
  const spec = choice.format
    ? model.specs.find(
        (view) => view.format === choice.format && (!choice.size || sizeKey(view.size) === choice.size),
      )
    : model.specs[0]
  if (!spec) return null
  const index = choice.quantization
    ? spec.quantizations.indexOf(choice.quantization)
    : spec.quantizations.length === 1
      ? 0
      : -1
  return index === -1 ? null : (spec.cached[index] ?? false)
}

/**
 * A whole number on a card (dimensions, max tokens, thousands of context), in the language shown's digits; without
 * grouping, as SPEC shows them ("1010K", not "1,010K"). Every language the console speaks writes a whole number in
 * Latin digits, as `String` does, which leaves `Intl` asleep in a first visit's first render (decision 0011).
 */
export const cardNumber = (value: number): string =>
  Number.isSafeInteger(value) ? String(value) : currentIntl().formatNumber(value, { useGrouping: false })

/** SPEC §2: context length in thousands, rounded down. */
export function contextInThousands(contextLength: number): string {
  return `${cardNumber(Math.floor(contextLength / 1000))}K`
}

/** SPEC §2: the ability shown on a card: chat, generate or other. */
export function shownAbility(abilities: readonly string[]): 'chat' | 'generate' | 'other' {
  if (abilities.includes('chat')) return 'chat'
  if (abilities.includes('generate')) return 'generate'
  return 'other'
}

/** What a card calls each shown ability. */
export const SHOWN_ABILITY_LABEL: Record<ReturnType<typeof shownAbility>, MessageId> = {
  chat: 'launch.ability.chat',
  generate: 'launch.ability.generate',
  other: 'launch.ability.other',
}
