import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { ClusterSelect } from '../../components/cluster-select'
import { Notice } from '../../components/notice'
import { PageHeader } from '../../components/page-header'
import { useTargetCluster } from '../../lib/clusters'
import { useT } from '../../i18n/react'
import { ApiError } from '../../lib/api-client'
import { lastActivePath } from '../../lib/routes'
import { useServerFeature } from '../../lib/server-features'
import { clusterHistoryQuery, clusterInfoQuery, clusterVersionQuery } from './api/cluster-queries'
import { ClustersOverview } from './components/clusters-overview'
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
  // This server's machines, or those of a cluster it holds (docs/clusters.md), as Launch last chose.
  const [cluster, setCluster] = useTargetCluster()
  return (
    <>
      <PageHeader title={t('cluster.title')} />
      <ClustersOverview />
      <ClusterSelect value={cluster} onChange={setCluster} />
      {/* Its own charts for each: a sample of one cluster never joins another's line. */}
      <ClusterView key={cluster ?? ''} cluster={cluster} />
    </>
  )
}

/** One cluster's machines: its resources over time, its supervisor and workers in sum, and each worker. */
function ClusterView({ cluster }: { cluster: string | undefined }) {
  const t = useT()
  const navigate = useNavigate()
  const info = useQuery(clusterInfoQuery(cluster))
  const version = useQuery(clusterVersionQuery(cluster))
  // The platform's own record of its machine; a cluster's charts start when the page opens.
  const withHistory = useServerFeature('cluster_history') && cluster === undefined
  const recorded = useQuery(clusterHistoryQuery(withHistory))
  const history = useResourceHistory(info.data, info.dataUpdatedAt, recorded.data)

  // SPEC §4: a 403 on either fetch sends the user back to the last active section (a cluster's refusal of this
  // server's credential is a 502 with its reason, shown instead).
  const forbidden = isForbidden(info.error) || isForbidden(version.error)
  useEffect(() => {
    if (forbidden) void navigate(lastActivePath(), { replace: true })
  }, [forbidden, navigate])

  if (cluster !== undefined && info.isError && !info.data)
    return (
      <Notice severity="warning">{t('cluster.unreachable', { cluster, detail: info.error.message })}</Notice>
    )
  if (!info.data) return <p className="muted">{t('cluster.loading')}</p>
  return (
    <div className="cluster-panels">
      <ResourceTrends samples={history} totals={workerTotals(info.data)} />
      <div className="cluster-pair-row">
        <SummaryPanel kind="Supervisor" totals={totalsOf(info.data, 'Supervisor')} version={version.data} />
        <SummaryPanel kind="Workers" totals={totalsOf(info.data, 'Worker')} version={version.data} />
      </div>
      <WorkerDetails nodes={info.data} />
    </div>
  )
}
