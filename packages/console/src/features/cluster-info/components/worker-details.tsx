import type { ClusterNode } from '@serving-console/contract'
import '../../../components/surface.css'
import type { MessageId } from '../../../i18n/catalogue'
import { currentIntl } from '../../../i18n/i18n'
import { useT } from '../../../i18n/react'
import { formatBytes, twoDecimals } from '../../../lib/format'
import { ScrollTable } from '../../../components/scroll-table'
import { usage } from '../summarize'

/** The figures of a worker, or of many in sum (clusters-overview.tsx), as message ids said at render time. */
export const FIGURE_COLUMNS: readonly MessageId[] = [
  'cluster.worker.cpuUsage',
  'cluster.worker.cpuTotal',
  'cluster.worker.memUsage',
  'cluster.worker.memTotal',
  'cluster.worker.gpuCount',
  'cluster.worker.gpuMemUsage',
  'cluster.worker.gpuMemTotal',
]
const COLUMNS: readonly MessageId[] = ['cluster.worker.nodeType', 'cluster.worker.address', ...FIGURE_COLUMNS]

/** SPEC §2 "Worker Details": one row per worker node. */
export function WorkerDetails({ nodes }: { nodes: readonly ClusterNode[] }) {
  const t = useT()
  const workers = nodes.filter((node) => node.node_type === 'Worker')
  return (
    <section className="surface cluster-panel" aria-labelledby="worker-details-title">
      <h2 id="worker-details-title">{t('cluster.worker.title')}</h2>
      <ScrollTable label={t('cluster.worker.region')} className="worker-table" columns={COLUMNS}>
        {workers.map((node, index) => {
          const used = usage(node)
          return (
            <tr key={`${node.ip_address}-${index}`}>
              {/* Only workers are listed; another type the server might name is shown as it names it. */}
              <td>{node.node_type === 'Worker' ? t('cluster.worker.worker') : node.node_type}</td>
              <td>{node.ip_address}</td>
              <td>{twoDecimals(used.cpuUsed)}</td>
              <td>{twoDecimals(node.cpu_count)}</td>
              <td>{formatBytes(used.memUsed)}</td>
              <td>{formatBytes(node.mem_total)}</td>
              <td>{currentIntl().formatNumber(node.gpu_count)}</td>
              <td>{formatBytes(used.gpuMemUsed)}</td>
              <td>{formatBytes(node.gpu_vram_total)}</td>
            </tr>
          )
        })}
      </ScrollTable>
    </section>
  )
}
