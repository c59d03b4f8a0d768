import { api, scopesOf } from '@serving-console/contract'
import { useQueries, useQuery } from '@tanstack/react-query'
import { Link, useMatch } from 'react-router'
import { Notice } from '../../../components/notice'
import { useT } from '../../../i18n/react'
import { alertsQuery } from '../../../lib/alerts'
import { mayOpen } from '../../../lib/auth'
import { useClusters } from '../../../lib/clusters'
import { routes } from '../../../lib/routes'
import { useServerFeature } from '../../../lib/server-features'
import { tokenCookie } from '../../../lib/storage'
import { attentionQuery, clusterAttentionQuery, type Attention } from '../api/health'
import './attention-strip.css'

/**
 * What the strip lists: this server's, then each cluster's it holds (docs/clusters.md), each its own query (one
 * request for the strip and the frame that waits for it). Pending while any is; a cluster that fails adds nothing
 * (Running Models says which clusters do not answer).
 */
export function useAttention(): { status: 'pending' | 'settled'; data: Attention[] | undefined } {
  const withHealth = useServerFeature('model_health')
  const cookie = tokenCookie.get()
  const own = useQuery(attentionQuery(cookie, withHealth))
  const theirs = useQueries({
    queries: useClusters().map((cluster) => clusterAttentionQuery(cookie, cluster.name)),
  })
  const pending = own.status === 'pending' || theirs.some((query) => query.status === 'pending')
  const data = own.data && [...own.data, ...theirs.flatMap((query) => query.data ?? [])]
  return { status: pending ? 'pending' : 'settled', data }
}

/**
 * On every screen: the running models with replicas down and the launches that failed (with the server's
 * reason: no toast says it as well), each linked to its list, read again every 5 s; and, for an administrator, how
 * many alerts fire unacknowledged, linked to the inbox (System → Alerts). Nothing when all is well. On Running Models a failed launch is left to its Launches panel,
 * which shows it with its reason and Dismiss: one place for each failure.
 */
export function AttentionStrip() {
  const t = useT()
  const attention = useAttention()
  const onRunningModels = useMatch(`/${routes.runningModels.path}`) !== null
  // This server's failed launches are its Launches panel's there; a cluster's have only the strip.
  const items = (attention.data ?? []).filter(
    (item) => !(onRunningModels && item.kind === 'launch' && item.cluster === undefined),
  )
  // Alerts firing that nobody acknowledged: said here, on every screen, to whoever may open the inbox.
  const withAlerts = useServerFeature('alerts') && mayOpen(scopesOf(api.listAlerts))
  const alerts = useQuery({ ...alertsQuery, enabled: withAlerts })
  const onAlerts = useMatch(`/${routes.system.path}`)?.params.page === 'alerts'
  const firing = withAlerts && !onAlerts ? (alerts.data?.unacknowledged ?? 0) : 0
  if (items.length === 0 && firing === 0) return null
  const said = (item: Attention) =>
    item.kind === 'launch'
      ? t('shell.attention.launchFailed')
      : item.health.state === 'failed'
        ? t('shell.attention.failed')
        : t('shell.attention.degraded', {
            ready: item.health.ready_replicas,
            replicas: item.health.replicas,
          })
  return (
    <section className="attention-strip" aria-label={t('shell.attention.label')}>
      <Notice
        severity="warning"
        role="status"
        title={
          items.length > 0
            ? t('shell.attention.title', { count: items.length })
            : t('shell.attention.alerts', { count: firing })
        }
      >
        <ul className="attention-list">
          {firing > 0 && items.length > 0 && (
            <li>
              <Link to={routes.system.href('alerts')}>{t('shell.attention.alerts', { count: firing })}</Link>
            </li>
          )}
          {firing > 0 && items.length === 0 && (
            <li>
              <Link to={routes.system.href('alerts')}>{t('shell.attention.openInbox')}</Link>
            </li>
          )}
          {items.map((item) => (
            <li key={`${item.kind}:${item.cluster ?? ''}/${item.uid}`}>
              <Link to={routes.runningModels.href(item.type)}>
                {item.cluster ? `${item.cluster}/${item.uid}` : item.uid}
              </Link>
              : {said(item)}
              {item.kind === 'launch' && item.error && <span className="attention-reason">{item.error}</span>}
            </li>
          ))}
        </ul>
      </Notice>
    </section>
  )
}
