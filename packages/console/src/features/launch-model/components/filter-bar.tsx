import { useCallback, useMemo, type Dispatch, type SetStateAction } from 'react'
import { Checkbox } from '../../../components/checkbox'
import { Chip } from '../../../components/chip'
import { CancelIcon } from '../../../components/icons'
import { MultiSelect } from '../../../components/multi-select'
import { SearchField } from '../../../components/search-field'
import { useLocale, useT } from '../../../i18n/react'
import {
  ABILITY_FILTERS,
  FILTER_LABEL,
  STATUS_FILTERS,
  type AbilityFilter,
  type Filters,
  type StatusFilter,
} from '../model/filter'
import './filter-bar.css'

interface FilterBarProps {
  filters: Filters
  setFilters: Dispatch<SetStateAction<Filters>>
  /** LLM: ability filter and a search over descriptions too. */
  withAbility: boolean
  withStatus: boolean
  searchLabel: string
  /** The "Runs here" switch, where the server estimates what fits (the embedded platform). */
  withRunsHere: boolean
}

/**
 * A filter list as the multi-select shows it: its options are the filters' names in the language shown, and a
 * choice of names is turned back into the filters.
 */
function useNamed<F extends AbilityFilter | StatusFilter>(
  all: readonly F[],
  chosen: readonly F[],
  set: (chosen: F[]) => void,
) {
  const t = useT()
  const locale = useLocale()
  // Kept while the language is: the multi-select is memoised, and the search re-renders this bar on every key.
  // `t` is the same function in every language: the locale is what makes the names change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const options = useMemo(() => all.map((filter) => t(FILTER_LABEL[filter])), [all, t, locale])
  const value = useMemo(
    () => chosen.map((filter) => options[all.indexOf(filter)] ?? filter),
    [all, chosen, options],
  )
  const onChange = useCallback(
    (picked: string[]) =>
      set(picked.flatMap((name) => all.filter((_filter, index) => options[index] === name))),
    [all, options, set],
  )
  return { options, value, onChange }
}

/** SPEC §2 filters: ability and status selections shown as removable chips, and a search field. */
export function FilterBar({
  filters,
  setFilters,
  withAbility,
  withStatus,
  searchLabel,
  withRunsHere,
}: FilterBarProps) {
  const t = useT()
  const setAbilities = useCallback(
    (abilities: AbilityFilter[]) => setFilters((old) => ({ ...old, abilities })),
    [setFilters],
  )
  const setStatuses = useCallback(
    (statuses: StatusFilter[]) => setFilters((old) => ({ ...old, statuses })),
    [setFilters],
  )
  const abilities = useNamed(ABILITY_FILTERS, filters.abilities, setAbilities)
  const statuses = useNamed(STATUS_FILTERS, filters.statuses, setStatuses)
  const setSearch = useCallback((search: string) => setFilters((old) => ({ ...old, search })), [setFilters])
  const chosen = [
    ...filters.abilities.map((value) => ({
      value,
      remove: () => setAbilities(filters.abilities.filter((a) => a !== value)),
    })),
    ...filters.statuses.map((value) => ({
      value,
      remove: () => setStatuses(filters.statuses.filter((s) => s !== value)),
    })),
  ]
  return (
    <div className="filter-bar">
      <div className="filter-fields">
        {withAbility && <MultiSelect label={t('launch.filter.ability')} {...abilities} />}
        {withStatus && <MultiSelect label={t('launch.filter.status')} {...statuses} />}
        <SearchField value={filters.search} onChange={setSearch} label={searchLabel} />
        {withRunsHere && (
          <Checkbox
            kind="switch"
            label={t('launch.filter.runsHere')}
            checked={filters.runsHere}
            onChange={(runsHere) => setFilters((old) => ({ ...old, runsHere }))}
          />
        )}
      </div>
      {chosen.length > 0 && (
        <div className="chosen-filters" role="group" aria-label={t('launch.filter.chosen')}>
          {chosen.map((chip) => {
            const name = t(FILTER_LABEL[chip.value])
            return (
              <Chip
                key={chip.value}
                label={name}
                tone="primary"
                action={{
                  label: t('launch.filter.remove', { filter: name }),
                  icon: <CancelIcon />,
                  onClick: chip.remove,
                }}
              />
            )
          })}
        </div>
      )}
    </div>
  )
}
