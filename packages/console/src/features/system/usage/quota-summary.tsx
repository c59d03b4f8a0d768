import type { SubjectLimits } from '@serving-console/contract'
import type { ReactNode } from 'react'
import { currentIntl } from '../../../i18n/i18n'
import { useT } from '../../../i18n/react'
import { useQuota } from '../api/quota'
import { SystemQuery } from '../system-query'

const number = (value: number) => currentIntl().formatNumber(value)

/** One subject's limits that are set, each with what is used of it now; `action`: a button to change them. */
export function SubjectQuota({
  title,
  entry,
  action,
}: {
  title: string
  entry: SubjectLimits
  action?: ReactNode
}) {
  const t = useT()
  const { limits, usage } = entry
  const lines: string[] = []
  if (limits.requests_per_minute !== null)
    lines.push(
      t('system.usage.quota.rpm', {
        used: number(usage.requests_last_minute),
        limit: number(limits.requests_per_minute),
      }),
    )
  if (limits.tokens_per_minute !== null)
    lines.push(
      t('system.usage.quota.tpm', {
        used: number(usage.tokens_last_minute),
        limit: number(limits.tokens_per_minute),
      }),
    )
  if (limits.requests_at_once !== null)
    lines.push(
      t('system.usage.quota.atOnce', {
        used: number(usage.requests_at_once),
        limit: number(limits.requests_at_once),
      }),
    )
  if (limits.token_budget !== null)
    lines.push(
      t('system.usage.quota.budget', {
        used: number(usage.budget_used),
        limit: number(limits.token_budget),
        period: limits.budget_period,
        end: currentIntl().formatDate(usage.period_end * 1000, { dateStyle: 'medium', timeStyle: 'short' }),
      }),
    )
  if (limits.soft_budget !== null && usage.soft_reached)
    lines.push(t('system.usage.quota.soft', { soft: number(limits.soft_budget) }))
  if (lines.length === 0 && !action) return null
  return (
    <div className="usage-quota">
      <h3>{title}</h3>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {action}
    </div>
  )
}

/** The caller's own limits (their account's, the key's, the models'), with what remains of each. */
export function QuotaSummary() {
  const t = useT()
  const quota = useQuota()
  return (
    <section className="surface system-section" aria-labelledby="usage-quota-title">
      <h2 id="usage-quota-title">{t('system.usage.quota.title')}</h2>
      <SystemQuery query={quota} loadError={t('system.usage.quota.loadError')}>
        {(data) => {
          const entries = [
            ...(data.user ? [{ title: t('system.usage.quota.user'), entry: data.user }] : []),
            ...(data.key ? [{ title: t('system.usage.quota.key'), entry: data.key }] : []),
            ...data.models.map((entry) => ({
              title: t('system.usage.quota.model', { model: entry.label }),
              entry,
            })),
          ].filter(({ entry }) =>
            Object.entries(entry.limits).some(([name, value]) => name !== 'budget_period' && value !== null),
          )
          return entries.length === 0 ? (
            <p className="muted">{t('system.usage.quota.none')}</p>
          ) : (
            <div className="usage-quotas">
              {entries.map(({ title, entry }) => (
                <SubjectQuota key={`${entry.subject_type}:${entry.subject}`} title={title} entry={entry} />
              ))}
            </div>
          )
        }}
      </SystemQuery>
    </section>
  )
}
