import type { ClusterNode } from '@serving-console/contract'
import { useQueries } from '@tanstack/react-query'
import '../../../components/surface.css'
import { ScrollTable } from '../../../components/scroll-table'
import type { MessageId } from '../../../i18n/catalogue'
import { currentIntl } from '../../../i18n/i18n'
import { useT } from '../../../i18n/react'
import { useClusters } from '../../../lib/clusters'
import { formatBytes, twoDecimals } from '../../../lib/format'
import { clusterInfoQuery } from '../api/cluster-queries'
import { workerTotals, type NodeTotals } from '../summarize'
import { FIGURE_COLUMNS } from './worker-details'

const COLUMNS: readonly MessageId[] = ['cluster.overview.cluster', 'cluster.workers', ...FIGURE_COLUMNS]

const sum = (all: readonly NodeTotals[], pick: (totals: NodeTotals) => number) =>
  all.reduce((total, one) => total + pick(one), 0)

/**
 * Every cluster's workers at a glance where the server holds clusters (docs/clusters.md): this server's and each
 * cluster's in sum, a cluster that does not answer said so in its row, and the total of those that answered. Each
 * is read as the page reads the one shown (the same queries, so the two never disagree).
 */
export function ClustersOverview() {
  const t = useT()
  const clusters = useClusters()
  const names = [undefined, ...clusters.map((cluster) => cluster.name)]
  const infos = useQueries({ queries: names.map((name) => clusterInfoQuery(name)) })
  if (clusters.length === 0) return null
  const count = (value: number) => currentIntl().formatNumber(value)
  const cells = (totals: NodeTotals) => (
    <>
      <td>{count(totals.count)}</td>
      <td>{twoDecimals(totals.cpuUsed)}</td>
      <td>{twoDecimals(totals.cpuTotal)}</td>
      <td>{formatBytes(totals.memUsed)}</td>
      <td>{formatBytes(totals.memTotal)}</td>
      <td>{count(totals.gpuCount)}</td>
      <td>{formatBytes(totals.gpuMemUsed)}</td>
      <td>{formatBytes(totals.gpuMemTotal)}</td>
    </>
  )
  const answered: NodeTotals[] = []
  const rows = names.map((name, at) => {
    const nodes: ClusterNode[] | undefined = infos[at]?.data
    const label = name ?? t('common.cluster.here')
    if (!nodes)
      return (
        <tr key={label}>
          <th scope="row">{label}</th>
          <td colSpan={COLUMNS.length - 1} className="muted">
            {infos[at]?.isError ? t('cluster.overview.unanswered') : t('cluster.loading')}
          </td>
        </tr>
      )
    const totals = workerTotals(nodes)
    answered.push(totals)
    return (
      <tr key={label}>
        <th scope="row">{label}</th>
        {cells(totals)}
      </tr>
    )
  })
  const total: NodeTotals = {
    count: sum(answered, (one) => one.count),
    address: '-',
    cpuUsed: sum(answered, (one) => one.cpuUsed),
    cpuTotal: sum(answered, (one) => one.cpuTotal),
    memUsed: sum(answered, (one) => one.memUsed),
    memTotal: sum(answered, (one) => one.memTotal),
    gpuCount: sum(answered, (one) => one.gpuCount),
    gpuMemUsed: sum(answered, (one) => one.gpuMemUsed),
    gpuMemTotal: sum(answered, (one) => one.gpuMemTotal),
  }
  return (
    <section className="surface cluster-panel clusters-overview" aria-labelledby="clusters-overview-title">
      <h2 id="clusters-overview-title">{t('cluster.overview.title')}</h2>
      <ScrollTable label={t('cluster.overview.region')} className="worker-table" columns={COLUMNS}>
        {rows}
        <tr className="clusters-overview-total">
          <th scope="row">{t('cluster.overview.total')}</th>
          {cells(total)}
        </tr>
      </ScrollTable>
    </section>
  )
}
