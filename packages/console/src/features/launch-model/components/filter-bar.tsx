import { useCallback, type Dispatch, type SetStateAction } from 'react'
import { Chip } from '../../../components/chip'
import { CancelIcon } from '../../../components/icons'
import { MultiSelect } from '../../../components/multi-select'
import { SearchField } from '../../../components/search-field'
import {
  ABILITY_FILTERS,
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
}

/** SPEC §2 filters: ability and status selections shown as removable chips, and a search field. */
export function FilterBar({ filters, setFilters, withAbility, withStatus, searchLabel }: FilterBarProps) {
  const setAbilities = useCallback(
    (abilities: string[]) => setFilters((old) => ({ ...old, abilities: abilities as AbilityFilter[] })),
    [setFilters],
  )
  const setStatuses = useCallback(
    (statuses: string[]) => setFilters((old) => ({ ...old, statuses: statuses as StatusFilter[] })),
    [setFilters],
  )
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
        {withAbility && (
          <MultiSelect
            label="Model Ability"
            options={ABILITY_FILTERS}
            value={filters.abilities}
            onChange={setAbilities}
          />
        )}
        {withStatus && (
          <MultiSelect
            label="Status"
            options={STATUS_FILTERS}
            value={filters.statuses}
            onChange={setStatuses}
          />
        )}
        <SearchField value={filters.search} onChange={setSearch} label={searchLabel} />
      </div>
      {chosen.length > 0 && (
        <div className="chosen-filters" role="group" aria-label="Chosen filters">
          {chosen.map((chip) => (
            <Chip
              key={chip.value}
              label={chip.value}
              tone="primary"
              action={{ label: `Remove ${chip.value}`, icon: <CancelIcon />, onClick: chip.remove }}
            />
          ))}
        </div>
      )}
    </div>
  )
}
