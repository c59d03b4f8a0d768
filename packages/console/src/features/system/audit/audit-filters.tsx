import type { AuditFilterOptions } from '@serving-console/contract'
import { useId, useState } from 'react'
import { Button } from '../../../components/button'
import { SearchIcon } from '../../../components/icons'
import { Select } from '../../../components/select'
import { TextField } from '../../../components/text-field'
import type { MessageId } from '../../../i18n/catalogue'
import { useT } from '../../../i18n/react'
import { useAuditFilterOptions } from '../api/system-reads'
import { usePlatform } from '../../../lib/server-features'
import { categoryOptions, RANGE_LABELS, statusOptions, tierOptions } from './audit-labels'
import { NO_FILTERS, TIME_RANGES, type AuditFilters, type TimeRange } from './audit-query'

type Suggested = 'user' | 'api_key_name' | 'model_id' | 'client_ip'

/** The values the server has seen for each text filter. */
const suggestionsOf = (options: AuditFilterOptions | undefined): Record<Suggested, readonly string[]> => ({
  user: options?.user ?? [],
  api_key_name: options?.api_key_name ?? [],
  model_id: options?.model_id ?? [],
  client_ip: options?.client_ip ?? [],
})

/** The text filters, each with the values the server has seen as suggestions. */
const TEXT_FIELDS: readonly { name: Suggested; label: MessageId }[] = [
  { name: 'user', label: 'system.audit.filter.user' },
  { name: 'api_key_name', label: 'system.audit.filter.apiKey' },
  { name: 'model_id', label: 'system.audit.filter.model' },
  { name: 'client_ip', label: 'system.audit.filter.clientIp' },
]
const OFF = 'off'

/** The filters, applied by Search (or Enter); Clear goes back to the last hour, unfiltered. */
export function AuditFiltersForm({
  applied,
  onApply,
}: {
  applied: AuditFilters
  onApply: (filters: AuditFilters) => void
}) {
  const t = useT()
  const id = useId()
  const suggestions = suggestionsOf(useAuditFilterOptions().data)
  // Xinference v3 keeps no tiers: the filter is the platform's own.
  const platformAudit = usePlatform()
  const [draft, setDraft] = useState(applied)
  const set = (change: Partial<AuditFilters>) => setDraft((old) => ({ ...old, ...change }))
  return (
    <form
      className="system-filters"
      role="search"
      aria-label={t('system.audit.filters')}
      onSubmit={(event) => {
        event.preventDefault()
        onApply(draft)
      }}
    >
      <Select
        label={t('system.audit.filter.time')}
        value={draft.range}
        onChange={(range) => set({ range: range as TimeRange })}
        options={TIME_RANGES.map((value) => ({ value, label: t(RANGE_LABELS[value]) }))}
      />
      {TEXT_FIELDS.map(({ name, label }) => (
        <div key={name}>
          <TextField
            label={t(label)}
            value={draft[name]}
            onChange={(value) => set({ [name]: value })}
            list={`${id}-${name}`}
            autoComplete={OFF}
          />
          <datalist id={`${id}-${name}`}>
            {suggestions[name].map((value) => (
              <option key={value} value={value} />
            ))}
          </datalist>
        </div>
      ))}
      <Select
        label={t('system.audit.filter.category')}
        value={draft.category}
        onChange={(category) => set({ category })}
        options={categoryOptions()}
      />
      <Select
        label={t('system.audit.filter.status')}
        value={draft.status}
        onChange={(status) => set({ status })}
        options={statusOptions()}
      />
      {platformAudit && (
        <Select
          label={t('system.audit.filter.tier')}
          value={draft.tier}
          onChange={(tier) => set({ tier })}
          options={tierOptions()}
        />
      )}
      <div className="system-actions">
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {t('system.audit.search')}
        </Button>
        <Button
          onClick={() => {
            setDraft(NO_FILTERS)
            onApply(NO_FILTERS)
          }}
        >
          {t('system.audit.clear')}
        </Button>
      </div>
    </form>
  )
}
