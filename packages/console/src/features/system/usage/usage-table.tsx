import type { UsageRow } from '@serving-console/contract'
import type { MessageId } from '../../../i18n/catalogue'
import { currentIntl } from '../../../i18n/i18n'
import { useT } from '../../../i18n/react'
import { ScrollTable } from '../../../components/scroll-table'

const COLUMNS: readonly MessageId[] = [
  'system.usage.column.time',
  'system.usage.column.user',
  'system.usage.column.apiKey',
  'system.usage.column.model',
  'system.usage.column.requests',
  'system.usage.column.errors',
  'system.usage.column.refused',
  'system.usage.column.promptTokens',
  'system.usage.column.generatedTokens',
  'system.usage.column.firstToken',
  'system.usage.column.duration',
  'system.usage.column.busy',
]

/** Usage rows, newest first: one per step, user, key and model. */
export function UsageTable({ rows, step }: { rows: readonly UsageRow[]; step: 'hour' | 'day' }) {
  const t = useT()
  const intl = currentIntl()
  const number = (value: number) => intl.formatNumber(value)
  const pair = (p50: number | null, p95: number | null) =>
    p50 === null ? '' : t('system.usage.ms', { p50: number(p50), p95: number(p95 ?? p50) })
  return (
    <ScrollTable label={t('system.usage.region')} className="system-table" columns={COLUMNS}>
      {rows.map((row) => (
        <tr key={`${String(row.at)}-${row.user}-${String(row.key_id)}-${row.model}`}>
          <td className="system-nowrap">
            {intl.formatDate(
              row.at * 1000,
              step === 'hour' ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
            )}
          </td>
          <td>{row.user || t('system.none')}</td>
          <td>
            {row.key_id === 0
              ? t('system.none')
              : (row.key_name ?? t('system.usage.keyGone', { id: row.key_id }))}
          </td>
          <td>{row.model}</td>
          <td>{number(row.requests)}</td>
          <td>{number(row.errors)}</td>
          <td>{number(row.refused)}</td>
          <td>{number(row.prompt_tokens)}</td>
          <td>{number(row.generated_tokens)}</td>
          <td className="system-nowrap">{pair(row.first_token_ms_p50, row.first_token_ms_p95)}</td>
          <td className="system-nowrap">{pair(row.duration_ms_p50, row.duration_ms_p95)}</td>
          <td className="system-nowrap">
            {t('system.usage.seconds', { seconds: number(row.busy_seconds) })}
          </td>
        </tr>
      ))}
    </ScrollTable>
  )
}
