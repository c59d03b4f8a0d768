import { BUDGET_PERIODS, LIMIT_BOUNDS, type BudgetPeriod, type LimitName } from '@serving-console/contract'
import { useState } from 'react'
import { Select } from '../../../components/select'
import { Spinner } from '../../../components/spinner'
import { TextField } from '../../../components/text-field'
import type { MessageId } from '../../../i18n/catalogue'
import { currentIntl } from '../../../i18n/i18n'
import { useT } from '../../../i18n/react'
import {
  useSetKeyLimits,
  useSetModelLimits,
  useSetUserLimits,
  useSubjectLimits,
  type LimitsSubject,
} from '../api/limits'
import { SystemDialog } from '../system-dialog'
import { SystemLoadError } from '../permission-notice'
import { draftOf, LIMIT_NAMES, limitsOf, type LimitsDraft, type LimitsProblem } from './limits-form'

const PERIOD_LABELS: Record<BudgetPeriod, MessageId> = {
  day: 'system.limits.period.day',
  week: 'system.limits.period.week',
  month: 'system.limits.period.month',
}

/** The dialog's title by its subject's kind; also the accessible name of a button that opens it. */
export const LIMITS_TITLES: Record<LimitsSubject['kind'], MessageId> = {
  user: 'system.limits.titleUser',
  key: 'system.limits.titleKey',
  model: 'system.limits.titleModel',
}

const LABELS: Record<LimitName, MessageId> = {
  requests_per_minute: 'system.limits.field.rpm',
  tokens_per_minute: 'system.limits.field.tpm',
  requests_at_once: 'system.limits.field.atOnce',
  token_budget: 'system.limits.field.budget',
  soft_budget: 'system.limits.field.soft',
}

/**
 * A user's, an API key's or a model's limits, edited: each empty for none; saved whole (docs/quotas.md). One dialog from the
 * first frame: its fields come in place of the spinner once the limits are read.
 */
export function LimitsDialog({ subject, onClose }: { subject: LimitsSubject; onClose: () => void }) {
  const t = useT()
  const current = useSubjectLimits(subject)
  const setUser = useSetUserLimits()
  const setKey = useSetKeyLimits()
  const setModel = useSetModelLimits()
  const change = subject.kind === 'user' ? setUser : subject.kind === 'key' ? setKey : setModel
  // What was typed; until then, the limits as read.
  const [typed, setTyped] = useState<LimitsDraft | null>(null)
  const [problem, setProblem] = useState<LimitsProblem | null>(null)
  const draft = typed ?? (current.data ? draftOf(current.data.limits) : null)
  const number = (value: number) => currentIntl().formatNumber(value)
  const errorOf = (name: LimitName) =>
    problem?.field !== name
      ? null
      : problem.kind === 'soft'
        ? t('system.limits.error.soft')
        : t('system.limits.error.bound', { max: number(LIMIT_BOUNDS[name]) })
  return (
    <SystemDialog
      title={t(LIMITS_TITLES[subject.kind], { name: subject.name })}
      submitLabel={t('system.save')}
      onSubmit={() => {
        if (!draft) return
        const checked = limitsOf(draft)
        if ('problem' in checked) return setProblem(checked.problem)
        setProblem(null)
        const { limits } = checked
        if (subject.kind === 'model') setModel.mutate({ id: subject.id, limits }, { onSuccess: onClose })
        else if (subject.kind === 'user') setUser.mutate({ id: subject.id, limits }, { onSuccess: onClose })
        else setKey.mutate({ id: subject.id, limits }, { onSuccess: onClose })
      }}
      onClose={onClose}
      change={change}
    >
      {current.isError ? (
        <SystemLoadError
          title={t('system.limits.loadError')}
          error={current.error}
          onRetry={() => void current.refetch()}
        />
      ) : !draft || !current.data ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <>
          <p className="muted">
            {t(subject.kind === 'model' ? 'system.limits.introModel' : 'system.limits.intro')}
          </p>
          {LIMIT_NAMES.map((name) => (
            <TextField
              key={name}
              label={t(LABELS[name])}
              value={draft[name]}
              inputMode="numeric"
              onChange={(value) => setTyped({ ...draft, [name]: value })}
              error={errorOf(name)}
              helperText={errorOf(name) ?? t('system.limits.empty')}
            />
          ))}
          <Select
            label={t('system.limits.field.period')}
            value={draft.budget_period}
            onChange={(period) => setTyped({ ...draft, budget_period: period as BudgetPeriod })}
            options={BUDGET_PERIODS.map((value) => ({ value, label: t(PERIOD_LABELS[value]) }))}
          />
          <p className="muted">
            {t('system.limits.usage', {
              requests: number(current.data.usage.requests_last_minute),
              tokens: number(current.data.usage.tokens_last_minute),
              budget: number(current.data.usage.budget_used),
              period: current.data.limits.budget_period,
            })}
          </p>
        </>
      )}
    </SystemDialog>
  )
}
