import {
  ALERT_KINDS,
  ALERT_MAX_FOR_SECONDS,
  SEVERITIES,
  type AlertKind,
  type AlertRule,
  type Severity,
} from '@serving-console/contract'
import { useState } from 'react'
import { Checkbox } from '../../../components/checkbox'
import { Select } from '../../../components/select'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import { useCreateRule, useSaveRule } from '../api/alerts'
import { SystemDialog } from '../system-dialog'
import { isModelKind, KIND_LABELS, ruleNameText, SEVERITY_LABELS } from './alert-text'
import { draftOfRule, KIND_DEFAULTS, NEW_RULE, ruleOf, type RuleProblem } from './rule-form'

/** A new rule, or `rule` changed: its kind, the model it watches, threshold, duration, severity. */
export function RuleDialog({ rule, onClose }: { rule: AlertRule | null; onClose: () => void }) {
  const t = useT()
  const create = useCreateRule()
  const save = useSaveRule()
  const [draft, setDraft] = useState(() => (rule ? draftOfRule(rule) : NEW_RULE))
  const [problem, setProblem] = useState<RuleProblem | null>(null)
  const errorOf = (field: RuleProblem) =>
    problem !== field
      ? null
      : field === 'name'
        ? t('system.alerts.rule.error.name')
        : field === 'threshold'
          ? t('system.alerts.rule.error.threshold')
          : t('system.alerts.rule.error.for', { max: ALERT_MAX_FOR_SECONDS })
  return (
    <SystemDialog
      title={
        rule
          ? t('system.alerts.rule.editTitle', { name: ruleNameText(rule.name) })
          : t('system.alerts.rule.addTitle')
      }
      submitLabel={t('system.save')}
      onSubmit={() => {
        const checked = ruleOf(draft)
        if ('problem' in checked) return setProblem(checked.problem)
        setProblem(null)
        if (rule) save.mutate({ id: rule.id, rule: checked.rule }, { onSuccess: onClose })
        else create.mutate(checked.rule, { onSuccess: onClose })
      }}
      onClose={onClose}
      change={rule ? save : create}
    >
      <TextField
        label={t('system.alerts.rule.name')}
        value={draft.name}
        onChange={(name) => setDraft({ ...draft, name })}
        error={errorOf('name')}
      />
      <Select
        label={t('system.alerts.rule.kind')}
        value={draft.kind}
        // A new rule takes the kind's usual threshold and duration; a rule being changed keeps its own.
        onChange={(kind) =>
          setDraft({ ...draft, kind: kind as AlertKind, ...(rule ? {} : KIND_DEFAULTS[kind as AlertKind]) })
        }
        options={ALERT_KINDS.map((value) => ({ value, label: t(KIND_LABELS[value]) }))}
      />
      {isModelKind(draft.kind) && (
        <TextField
          label={t('system.alerts.rule.model')}
          value={draft.model}
          onChange={(model) => setDraft({ ...draft, model })}
          helperText={t('system.alerts.rule.modelHelp')}
        />
      )}
      <TextField
        label={t('system.alerts.rule.threshold', { kind: draft.kind })}
        value={draft.threshold}
        inputMode="decimal"
        onChange={(threshold) => setDraft({ ...draft, threshold })}
        error={errorOf('threshold')}
      />
      <TextField
        label={t('system.alerts.rule.for')}
        value={draft.forSeconds}
        inputMode="numeric"
        onChange={(forSeconds) => setDraft({ ...draft, forSeconds })}
        error={errorOf('forSeconds')}
        helperText={errorOf('forSeconds') ?? t('system.alerts.rule.forHelp')}
      />
      <Select
        label={t('system.alerts.rule.severity')}
        value={draft.severity}
        onChange={(severity) => setDraft({ ...draft, severity: severity as Severity })}
        options={SEVERITIES.map((value) => ({ value, label: t(SEVERITY_LABELS[value]) }))}
      />
      <Checkbox
        label={t('system.alerts.rule.enabled')}
        checked={draft.enabled}
        onChange={(enabled) => setDraft({ ...draft, enabled })}
      />
    </SystemDialog>
  )
}
