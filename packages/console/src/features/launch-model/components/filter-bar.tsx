import { Chip, MenuItem, Stack, TextField } from '@mui/material'
import { SearchField } from '../../../components/search-field'
import { ABILITY_FILTERS, STATUS_FILTERS, type Filters } from '../model/filter'

interface FilterBarProps {
  filters: Filters
  onChange: (filters: Filters) => void
  /** LLM: ability filter and a search over descriptions too. */
  withAbility: boolean
  withStatus: boolean
  searchLabel: string
}

function MultiSelect<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: readonly T[]
  value: T[]
  onChange: (value: T[]) => void
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      sx={{ minWidth: 170 }}
      slotProps={{ select: { multiple: true, renderValue: (selected) => (selected as T[]).join(', ') } }}
      onChange={(event) => onChange(event.target.value as unknown as T[])}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  )
}

/** SPEC §2 filters: ability and status selections shown as removable chips, and a search field. */
export function FilterBar({ filters, onChange, withAbility, withStatus, searchLabel }: FilterBarProps) {
  const chosen = [
    ...filters.abilities.map((value) => ({
      value,
      remove: () => onChange({ ...filters, abilities: filters.abilities.filter((a) => a !== value) }),
    })),
    ...filters.statuses.map((value) => ({
      value,
      remove: () => onChange({ ...filters, statuses: filters.statuses.filter((s) => s !== value) }),
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
            onChange={(abilities) => onChange({ ...filters, abilities })}
          />
        )}
        {withStatus && (
          <MultiSelect
            label="Status"
            options={STATUS_FILTERS}
            value={filters.statuses}
            onChange={(statuses) => onChange({ ...filters, statuses })}
          />
        )}
        <SearchField
          value={filters.search}
          onChange={(search) => onChange({ ...filters, search })}
          label={searchLabel}
        />
      </Stack>
      {chosen.length > 0 && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} aria-label="Chosen filters">
          {chosen.map((chip) => (
            <Chip
              key={chip.value}
              label={chip.value}
              onDelete={chip.remove}
              size="small"
              color="primary"
              variant="outlined"
            />
          ))}
        </Stack>
      )}
    </Stack>
  )
}
