import type { SubjectLimits } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { Select } from '../../../components/select'
import { useT } from '../../../i18n/react'
import { runningModelsQuery } from '../../../lib/running-models'
import { tokenCookie } from '../../../lib/storage'
import { useLimitsList, type LimitsSubject } from '../api/limits'
import { LimitsDialog, LIMITS_TITLES } from '../limits/limits-dialog'
import { SystemQuery } from '../system-query'
import { SubjectQuota } from './quota-summary'

/** The dialog's subject for a listed entry. */
const subjectOf = (entry: SubjectLimits): LimitsSubject =>
  entry.subject_type === 'model'
    ? { kind: 'model', id: entry.subject, name: entry.label }
    : { kind: entry.subject_type, id: Number(entry.subject), name: entry.label }

/**
 * Every limit set on the server (an administrator's view: docs/quotas.md), each user's, key's and model's with what
 * is used of it now and a button to change it; and a running model's limits to set, for everyone who calls it.
 */
export function LimitsOverview() {
  const t = useT()
  const list = useLimitsList()
  const running = useQuery(runningModelsQuery(tokenCookie.get()))
  const uids = (running.data ?? []).map((row) => row.id)
  const [model, setModel] = useState('')
  const chosen = uids.includes(model) ? model : (uids[0] ?? '')
  const [open, setOpen] = useState<LimitsSubject | null>(null)
  const titleOf = (entry: SubjectLimits) =>
    entry.subject_type === 'model'
      ? t('system.usage.quota.model', { model: entry.label })
      : t(entry.subject_type === 'user' ? 'system.usage.limits.user' : 'system.usage.limits.key', {
          name: entry.label,
        })
  return (
    <section className="surface system-section" aria-labelledby="usage-limits-title">
      <h2 id="usage-limits-title">{t('system.usage.limits.title')}</h2>
      <SystemQuery query={list} loadError={t('system.usage.limits.loadError')}>
        {(data) =>
          data.limits.length === 0 ? (
            <p className="muted">{t('system.usage.limits.none')}</p>
          ) : (
            <div className="usage-quotas">
              {data.limits.map((entry) => {
                const subject = subjectOf(entry)
                return (
                  <SubjectQuota
                    key={`${entry.subject_type}:${entry.subject}`}
                    title={titleOf(entry)}
                    entry={entry}
                    action={
                      <Button
                        size="small"
                        aria-label={t(LIMITS_TITLES[subject.kind], { name: subject.name })}
                        onClick={() => setOpen(subject)}
                      >
                        {t('system.limits.edit')}
                      </Button>
                    }
                  />
                )
              })}
            </div>
          )
        }
      </SystemQuery>
      <div className="system-filters usage-limits-model">
        <Select
          label={t('system.usage.limits.model')}
          value={chosen}
          disabled={uids.length === 0}
          helperText={uids.length === 0 ? t('system.usage.limits.noModel') : undefined}
          onChange={setModel}
          options={uids}
        />
        <div className="system-actions">
          <Button
            variant="outlined"
            disabled={!chosen}
            onClick={() => setOpen({ kind: 'model', id: chosen, name: chosen })}
          >
            {t('system.usage.limits.setModel')}
          </Button>
        </div>
      </div>
      {open && <LimitsDialog subject={open} onClose={() => setOpen(null)} />}
    </section>
  )
}
