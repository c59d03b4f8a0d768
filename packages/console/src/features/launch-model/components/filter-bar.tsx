import Cancel from '@mui/icons-material/Cancel'
import Stack from '@mui/material/Stack'
import { styled } from '@mui/material/styles'
import { useCallback, type Dispatch, type SetStateAction } from 'react'
import { Chip, chipStyles } from '../../../components/chip'
import { MultiSelect } from '../../../components/multi-select'
import { SearchField } from '../../../components/search-field'
import {
  ABILITY_FILTERS,
  STATUS_FILTERS,
  type AbilityFilter,
  type Filters,
  type StatusFilter,
} from '../model/filter'

interface FilterBarProps {
  filters: Filters
  setFilters: Dispatch<SetStateAction<Filters>>
  /** LLM: ability filter and a search over descriptions too. */
  withAbility: boolean
  withStatus: boolean
  searchLabel: string
}

const ChosenFilters = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.spacing(1),
  ...chipStyles(theme),
}))

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
    <Stack spacing={1.5} sx={{ mb: 2.5 }}>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
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
      </Stack>
      {chosen.length > 0 && (
        <ChosenFilters role="group" aria-label="Chosen filters">
          {chosen.map((chip) => (
            <Chip
              key={chip.value}
              label={chip.value}
              tone="primary"
              action={{ label: `Remove ${chip.value}`, icon: <Cancel />, onClick: chip.remove }}
            />
          ))}
        </ChosenFilters>
      )}
    </Stack>
  )
}
