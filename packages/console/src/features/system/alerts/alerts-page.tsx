import { useT } from '../../../i18n/react'
import { AlertChannels } from './alert-channels'
import { AlertInbox } from './alert-inbox'
import { AlertRules } from './alert-rules'
import '../system.css'
import './alerts.css'

/**
 * Alerts (System, `admin`): the inbox of firing and recent alerts, the rules the server evaluates every 15 s, and
 * the channels it tells (docs/alerts.md).
 */
export function AlertsPage() {
  const t = useT()
  return (
    <>
      <p className="muted">{t('system.alerts.intro')}</p>
      <AlertInbox />
      <AlertRules />
      <AlertChannels />
    </>
  )
}
