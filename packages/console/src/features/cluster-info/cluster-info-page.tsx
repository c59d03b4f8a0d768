import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { PageHeader } from '../../components/page-header'
import { useT } from '../../i18n/react'
import { ApiError } from '../../lib/api-client'
import { lastActivePath } from '../../lib/routes'
import { useServerFeature } from '../../lib/server-features'
import { clusterHistoryQuery, clusterInfoQuery, clusterVersionQuery } from './api/cluster-queries'
import { ResourceTrends } from './components/resource-trends'
import { SummaryPanel } from './components/summary-panel'
import { WorkerDetails } from './components/worker-details'
import { totalsOf, workerTotals } from './summarize'
import { useResourceHistory } from './use-resource-history'
import './components/panel.css'

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403

/** SPEC §2 "Cluster Information". */
export function ClusterInfoPage() {
  const t = useT()
  const navigate = useNavigate()
  const info = useQuery(clusterInfoQuery)
  const version = useQuery(clusterVersionQuery)
  const withHistory = useServerFeature('cluster_history')
  const recorded = useQuery(clusterHistoryQuery(withHistory))
  const history = useResourceHistory(info.data, info.dataUpdatedAt, recorded.data)

  // SPEC §4: a 403 on either fetch sends the user back to the last active section.
  const forbidden = isForbidden(info.error) || isForbidden(version.error)
  useEffect(() => {
    if (forbidden) void navigate(lastActivePath(), { replace: true })
  }, [forbidden, navigate])

  return (
    <>
      <PageHeader title={t('cluster.title')} />
      {!info.data ? (
        <p className="muted">{t('cluster.loading')}</p>
      ) : (
        <div className="cluster-panels">
          <ResourceTrends samples={history} totals={workerTotals(info.data)} />
          <div className="cluster-pair-row">
            <SummaryPanel
              kind="Supervisor"
              totals={totalsOf(info.data, 'Supervisor')}
              version={version.data}
            />
            <SummaryPanel kind="Workers" totals={totalsOf(info.data, 'Worker')} version={version.data} />
          </div>
          <WorkerDetails nodes={info.data} />
        </div>
      )}
    </>
  )
}
