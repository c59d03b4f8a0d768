import type { AlertRule } from '@serving-console/contract'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { Checkbox } from '../../../components/checkbox'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ScrollTable } from '../../../components/scroll-table'
import type { MessageId } from '../../../i18n/catalogue'
import { useT } from '../../../i18n/react'
import { useServerFeatures } from '../../../lib/server-features'
import { useAlertRules, useDeleteRule, useSaveRule } from '../api/alerts'
import { SystemQuery } from '../system-query'
import { SystemSection } from '../system-section'
import {
  conditionText,
  isModelKind,
  KIND_LABELS,
  ruleNameText,
  SEVERITY_LABELS,
  unavailableText,
} from './alert-text'
import { RuleDialog } from './rule-dialog'

const COLUMNS: readonly MessageId[] = [
  'system.alerts.rule.name',
  'system.alerts.column.watches',
  'system.alerts.column.fires',
  'system.alerts.rule.severity',
  'system.alerts.rule.enabled',
  'system.column.actions',
]

type Open = { dialog: 'edit'; rule: AlertRule | null } | { dialog: 'delete'; rule: AlertRule } | null

/** The rules the server evaluates: each with what it watches and when it fires; added, changed, switched, removed. */
export function AlertRules() {
  const t = useT()
  const rules = useAlertRules()
  const save = useSaveRule()
  const remove = useDeleteRule()
  // A gateway watches its one cluster; a platform every cluster it holds (behind a gateway too: its rules pass).
  const features = useServerFeatures()
  const gateway = features?.mode === 'gateway' && features.upstream?.kind !== 'serving-console'
  const server = { gateway, tellsHealth: features?.model_health === true }
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  return (
    <SystemSection
      title={t('system.alerts.rules')}
      addLabel={t('system.alerts.rule.add')}
      onAdd={() => setOpen({ dialog: 'edit', rule: null })}
    >
      <SystemQuery
        query={rules}
        loadError={t('system.alerts.rulesLoadError')}
        empty={t('system.alerts.noRules')}
        isEmpty={(data) => data.rules.length === 0}
      >
        {(data) => (
          <ScrollTable label={t('system.alerts.rules')} className="system-table" columns={COLUMNS}>
            {data.rules.map((rule) => {
              const { id, available, unavailable_reason: _reason, ...input } = rule
              return (
                <tr key={id}>
                  <th scope="row">{ruleNameText(rule.name)}</th>
                  <td>
                    {t(KIND_LABELS[rule.kind])}
                    <span className="alert-note">
                      {rule.kind === 'cluster_down'
                        ? t(gateway ? 'system.alerts.theCluster' : 'system.alerts.everyCluster')
                        : !isModelKind(rule.kind)
                          ? t('system.alerts.theServer')
                          : rule.model === null
                            ? t('system.alerts.everyModel')
                            : t('system.alerts.oneModel', { model: rule.model })}
                    </span>
                  </td>
                  <td>
                    {conditionText(rule)}
                    {!available && (
                      <span className="alert-note alert-unavailable">{unavailableText(rule, server)}</span>
                    )}
                  </td>
                  <td>{t(SEVERITY_LABELS[rule.severity])}</td>
                  <td>
                    <Checkbox
                      kind="switch"
                      label={
                        <span className="visually-hidden">
                          {t('system.alerts.enabledOf', { name: ruleNameText(rule.name) })}
                        </span>
                      }
                      checked={rule.enabled}
                      onChange={(enabled) => save.mutate({ id, rule: { ...input, enabled } })}
                    />
                  </td>
                  <td>
                    <span className="system-actions">
                      <Button
                        size="small"
                        aria-label={t('system.alerts.editOf', { name: ruleNameText(rule.name) })}
                        onClick={() => setOpen({ dialog: 'edit', rule })}
                      >
                        {t('system.alerts.edit')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        aria-label={t('system.deleteOf', { name: ruleNameText(rule.name) })}
                        onClick={() => setOpen({ dialog: 'delete', rule })}
                      >
                        {t('system.delete')}
                      </Button>
                    </span>
                  </td>
                </tr>
              )
            })}
          </ScrollTable>
        )}
      </SystemQuery>
      {open?.dialog === 'edit' && <RuleDialog rule={open.rule} onClose={close} />}
      <ConfirmDialog
        open={open?.dialog === 'delete'}
        text={
          open?.dialog === 'delete'
            ? t('system.alerts.rule.deleteConfirm', { name: ruleNameText(open.rule.name) })
            : ''
        }
        onConfirm={() => {
          if (open?.dialog === 'delete') remove.mutate(open.rule.id)
          close()
        }}
        onCancel={close}
      />
    </SystemSection>
  )
}
