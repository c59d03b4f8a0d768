import type { MessageId } from '../../../i18n/catalogue'
import { isCached, type CatalogueModel } from './catalogue-model'

export const ABILITY_FILTERS = ['generate', 'chat', 'vl-chat'] as const
export type AbilityFilter = (typeof ABILITY_FILTERS)[number]
export const STATUS_FILTERS = ['cached', 'favorite'] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]

/** What the filter bar calls each filter, in the language shown; the values it filters by stay as they are. */
export const FILTER_LABEL: Record<AbilityFilter | StatusFilter, MessageId> = {
  generate: 'launch.ability.generate',
  chat: 'launch.ability.chat',
  'vl-chat': 'launch.ability.vl-chat',
  cached: 'launch.status.cached',
  favorite: 'launch.status.favorite',
}

export interface Filters {
  search: string
  abilities: AbilityFilter[]
  statuses: StatusFilter[]
  /** Only models that fit this machine and are cached or can be downloaded (the platform's estimate). */
  runsHere: boolean
}

export interface FilterContext {
  favorites: ReadonlySet<string>
  /** Models whose cache was removed in this session count as not cached (SPEC §4). */
  uncached: ReadonlySet<string>
  /** LLM search also looks at descriptions. */
  searchDescriptions: boolean
  /** Names of the models that run here, once the server said (`Runs here` keeps all until then). */
  runsHere?: ReadonlySet<string> | undefined
}

const hasAbility = (model: CatalogueModel, ability: AbilityFilter) =>
  ability === 'vl-chat' ? model.abilities.includes('vision') : model.abilities.includes(ability)

/** Every chosen filter narrows the list. */
export function filterModels(
  models: readonly CatalogueModel[],
  filters: Filters,
  context: FilterContext,
): CatalogueModel[] {
  const needle = filters.search.trim().toLowerCase()
  return models.filter((model) => {
    if (needle) {
      const haystack = context.searchDescriptions ? model.search.nameAndDescription : model.search.name
      if (!haystack.includes(needle)) return false
    }
    if (filters.runsHere && context.runsHere && !context.runsHere.has(model.name)) return false
    if (!filters.abilities.every((ability) => hasAbility(model, ability))) return false
    for (const status of filters.statuses) {
      if (status === 'favorite' && !context.favorites.has(model.name)) return false
      if (status === 'cached' && (context.uncached.has(model.name) || !isCached(model))) return false
    }
    return true
  })
}
