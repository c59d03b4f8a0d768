import { api, scopesOf } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { FileDownloadOutlinedIcon, SearchIcon } from '../../../components/icons'
import { Notice } from '../../../components/notice'
import { Select } from '../../../components/select'
import { TextField } from '../../../components/text-field'
import { currentIntl } from '../../../i18n/i18n'
import { useT } from '../../../i18n/react'
import { mayOpen } from '../../../lib/auth'
import { serverFeaturesQuery } from '../../../lib/server-features'
import { saveFile } from '../../../lib/save-file'
import { useApiKeys } from '../api/system-reads'
import { useUsage } from '../api/usage'
import { SystemQuery } from '../system-query'
import { LimitsOverview } from './limits-overview'
import { QuotaSummary } from './quota-summary'
import { UsageChart } from './usage-chart'
import { UsageModels } from './usage-models'
import {
  byModel,
  NO_FILTERS,
  PERIODS,
  stepsOf,
  tokensPerStep,
  totalsOf,
  usageCsv,
  usageQueryString,
  type Period,
  type UsageFilters,
} from './usage-query'
import { UsageTable } from './usage-table'
import type { MessageId } from '../../../i18n/catalogue'
import '../system.css'
import './usage.css'

/**
 * Usage (System): the caller's own limits and what remains of them, then requests and tokens per step, user, key
 * and model over a period — a chart of tokens, the rows, and the same as CSV. Whoever manages users sees everyone's
 * and may filter by user; anyone else sees their own (the server decides: docs/quotas.md).
 */
const PERIOD_LABELS: Record<Period, MessageId> = {
  day: 'system.usage.period.day',
  week: 'system.usage.period.week',
  month: 'system.usage.period.month',
}

export function UsagePage() {
  const t = useT()
  const everyone = mayOpen(scopesOf(api.listUsers))
  // The keys to filter by: everyone's for a key manager, one's own else; only where the server keeps users.
  const withKeys = useQuery(serverFeaturesQuery).data?.administration === 'users'
  const keys = useApiKeys({ enabled: withKeys && mayOpen(scopesOf(api.listKeys)) })
  const [applied, setApplied] = useState(() => ({ filters: NO_FILTERS, now: Date.now() }))
  const [draft, setDraft] = useState<UsageFilters>(NO_FILTERS)
  const usage = useUsage(usageQueryString(applied.filters, applied.now))
  const step = PERIODS[applied.filters.period].step
  const rows = usage.data?.rows ?? []
  const totals = totalsOf(rows)
  const steps = stepsOf(applied.filters, applied.now)
  const number = (value: number) => currentIntl().formatNumber(value)

  return (
    <>
      <p className="muted">{t('system.usage.intro')}</p>
      <QuotaSummary />
      {mayOpen(scopesOf(api.listLimits)) && <LimitsOverview />}
      <form
        className="system-filters"
        role="search"
        aria-label={t('system.usage.filters')}
        onSubmit={(event) => {
          event.preventDefault()
          setApplied({ filters: draft, now: Date.now() })
        }}
      >
        <Select
          label={t('system.usage.filter.period')}
          value={draft.period}
          onChange={(period) => setDraft({ ...draft, period: period as Period })}
          options={(Object.keys(PERIODS) as Period[]).map((value) => ({
            value,
            label: t(PERIOD_LABELS[value]),
          }))}
        />
        {everyone && (
          <TextField
            label={t('system.usage.filter.user')}
            value={draft.user}
            onChange={(user) => setDraft({ ...draft, user })}
          />
        )}
        {keys.data && keys.data.length > 0 && (
          <Select
            label={t('system.usage.filter.key')}
            value={draft.keyId}
            onChange={(keyId) => setDraft({ ...draft, keyId })}
            options={[
              { value: '', label: t('system.usage.filter.allKeys') },
              ...keys.data.map((key) => ({
                value: String(key.id),
                label: `${key.name ?? key.key_prefix} (${key.key_prefix}…)`,
              })),
            ]}
          />
        )}
        <TextField
          label={t('system.usage.filter.model')}
          value={draft.model}
          onChange={(model) => setDraft({ ...draft, model })}
        />
        <div className="system-actions">
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            {t('system.usage.show')}
          </Button>
        </div>
      </form>
      <div className="system-toolbar">
        <span role="status" className="muted">
          {usage.data
            ? t('system.usage.totals', {
                requests: totals.requests,
                tokens: number(totals.prompt + totals.generated),
                refused: number(totals.refused),
              })
            : null}
        </span>
        <span className="system-actions">
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlinedIcon />}
            disabled={rows.length === 0}
            onClick={() =>
              saveFile(
                new Blob([usageCsv(rows)], { type: 'text/csv' }),
                `usage-${applied.filters.period}.csv`,
              )
            }
          >
            {t('system.usage.export')}
          </Button>
        </span>
      </div>
      {usage.data?.truncated && (
        <Notice severity="warning">{t('system.usage.truncated', { count: rows.length })}</Notice>
      )}
      <SystemQuery
        query={usage}
        loadError={t('system.usage.loadError')}
        empty={t('system.usage.empty')}
        isEmpty={(data) => data.rows.length === 0 && data.workers.length === 0}
      >
        {(data) => (
          <>
            <UsageChart steps={steps} values={tokensPerStep(data.rows, steps)} step={step} />
            {data.workers.length > 0 && <UsageModels models={byModel(data.rows, data.workers)} />}
            {data.rows.length > 0 && <UsageTable rows={data.rows} step={step} />}
          </>
        )}
      </SystemQuery>
    </>
  )
}
