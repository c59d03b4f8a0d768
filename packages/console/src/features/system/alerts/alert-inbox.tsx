import type { Alert, Severity } from '@serving-console/contract'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '../../../components/button'
import { Chip } from '../../../components/chip'
import { ScrollTable } from '../../../components/scroll-table'
import { Select } from '../../../components/select'
import type { MessageId } from '../../../i18n/catalogue'
import { currentIntl } from '../../../i18n/i18n'
import { useT } from '../../../i18n/react'
import { routes } from '../../../lib/routes'
import { useAcknowledge, useAlerts, useSilence } from '../api/alerts'
import { SystemDialog } from '../system-dialog'
import { SystemQuery } from '../system-query'
import { durationText, readingText, ruleNameText, SEVERITY_LABELS } from './alert-text'

const COLUMNS: readonly MessageId[] = [
  'system.alerts.column.severity',
  'system.alerts.column.alert',
  'system.alerts.column.state',
  'system.column.actions',
]
const TONES: Record<Severity, 'default' | 'warning' | 'error'> = {
  info: 'default',
  warning: 'warning',
  critical: 'error',
}
/** The silences offered: an hour, four, a day, a week. */
const SILENCES = [3600, 4 * 3600, 86_400, 7 * 86_400]

const when = (seconds: number) =>
  currentIntl().formatDate(seconds * 1000, { dateStyle: 'medium', timeStyle: 'short' })

/** The firing and recent alerts, newest first, with what has been done about each. */
export function AlertInbox() {
  const t = useT()
  const alerts = useAlerts()
  const acknowledge = useAcknowledge()
  const [silencing, setSilencing] = useState<Alert | null>(null)
  const now = alerts.dataUpdatedAt / 1000
  return (
    <section className="surface system-section" aria-labelledby="alerts-inbox-title">
      <h2 id="alerts-inbox-title">{t('system.alerts.inbox')}</h2>
      <SystemQuery
        query={alerts}
        loadError={t('system.alerts.loadError')}
        empty={t('system.alerts.none')}
        isEmpty={(data) => data.alerts.length === 0}
      >
        {(data) => (
          <>
            <p role="status" className="muted">
              {t('system.alerts.firingCount', {
                count: data.alerts.filter((alert) => alert.state === 'firing').length,
                unacknowledged: data.unacknowledged,
              })}
            </p>
            <ScrollTable label={t('system.alerts.inbox')} className="system-table" columns={COLUMNS}>
              {data.alerts.map((alert) => {
                const silenced = alert.silenced_until !== null && alert.silenced_until > now
                return (
                  <tr key={alert.id}>
                    <td>
                      <Chip label={t(SEVERITY_LABELS[alert.severity])} tone={TONES[alert.severity]} />
                    </td>
                    <th scope="row" className="alert-summary">
                      {ruleNameText(alert.rule_name)}
                      <span className="alert-note">{readingText(alert)}</span>
                      {alert.model !== null && alert.model_type !== null && (
                        <Link className="alert-note" to={routes.runningModels.href(alert.model_type)}>
                          {t('system.alerts.openModel', { model: alert.model })}
                        </Link>
                      )}
                      {alert.subject?.startsWith('cluster:') && (
                        <Link className="alert-note" to={routes.system.href('clusters')}>
                          {t('shell.nav.clusters')}
                        </Link>
                      )}
                    </th>
                    <td>
                      {alert.state === 'firing'
                        ? t('system.alerts.firingSince', { time: when(alert.fired_at) })
                        : t('system.alerts.resolvedAt', { time: when(alert.resolved_at ?? alert.fired_at) })}
                      {alert.acknowledged_by !== null && (
                        <span className="alert-note">
                          {t('system.alerts.acknowledgedBy', { name: alert.acknowledged_by })}
                        </span>
                      )}
                      {silenced && (
                        <span className="alert-note">
                          {t('system.alerts.silencedUntil', { time: when(alert.silenced_until ?? 0) })}
                        </span>
                      )}
                    </td>
                    <td>
                      {alert.state === 'firing' && (
                        <span className="system-actions">
                          {alert.acknowledged_by === null && (
                            <Button
                              size="small"
                              aria-label={t('system.alerts.acknowledgeOf', {
                                name: ruleNameText(alert.rule_name),
                              })}
                              onClick={() => acknowledge.mutate(alert.id)}
                            >
                              {t('system.alerts.acknowledge')}
                            </Button>
                          )}
                          <Button
                            size="small"
                            aria-label={t('system.alerts.silenceOf', { name: ruleNameText(alert.rule_name) })}
                            onClick={() => setSilencing(alert)}
                          >
                            {t('system.alerts.silence')}
                          </Button>
                        </span>
                      )}
                    </td>
                  </tr>
                )
              })}
            </ScrollTable>
          </>
        )}
      </SystemQuery>
      {silencing && <SilenceDialog alert={silencing} onClose={() => setSilencing(null)} />}
    </section>
  )
}

/** How long an alert stays quiet: no message about it until then (firing again, or resolved). */
function SilenceDialog({ alert, onClose }: { alert: Alert; onClose: () => void }) {
  const t = useT()
  const silence = useSilence()
  const [seconds, setSeconds] = useState(String(SILENCES[0]))
  return (
    <SystemDialog
      title={t('system.alerts.silenceTitle', { name: ruleNameText(alert.rule_name) })}
      submitLabel={t('system.alerts.silence')}
      onSubmit={() => silence.mutate({ id: alert.id, seconds: Number(seconds) }, { onSuccess: onClose })}
      onClose={onClose}
      change={silence}
    >
      <p className="muted">{t('system.alerts.silenceIntro')}</p>
      <Select
        label={t('system.alerts.silenceFor')}
        value={seconds}
        onChange={setSeconds}
        options={SILENCES.map((value) => ({ value: String(value), label: durationText(value) }))}
      />
    </SystemDialog>
  )
}
