import type { ClusterVersion } from '@serving-console/contract'
import type { ReactNode } from 'react'
import '../../../components/surface.css'
import '../../../components/table.css'
import type { MessageId } from '../../../i18n/catalogue'
import { currentIntl } from '../../../i18n/i18n'
import { tRich, useT } from '../../../i18n/react'
import { formatBytes, twoDecimals } from '../../../lib/format'
import type { NodeTotals } from '../summarize'

/** Marks, the same in every language: a value still being asked for, and one the server does not know. */
const PENDING = '…'
const UNKNOWN = '-'

/**
 * A label and its value, kept together on one line; a value wider than the cell (a commit hash) breaks. The message
 * holds both (`<label>Usage:</label> {value}`), so a language places its own colon and space. Called while
 * SummaryPanel renders (it follows the language).
 */
const pair = (message: MessageId, value: string) => (
  <span className="cluster-pair">
    {tRich(message, { value, label: (chunks) => <span className="muted">{chunks}</span> })}
  </span>
)

interface SummaryPanelProps {
  kind: 'Supervisor' | 'Workers'
  totals: NodeTotals
  version: ClusterVersion | undefined
}

/** The Supervisor and Workers panels of SPEC §2: a two-column Item/Value table. */
export function SummaryPanel({ kind, totals, version }: SummaryPanelProps) {
  const t = useT()
  const title = kind === 'Supervisor' ? t('cluster.supervisor') : t('cluster.workers')
  const count = (value: number) => currentIntl().formatNumber(value)
  // Rows keyed by their item's message id, said at render time.
  const rows: [MessageId, ReactNode][] = [['cluster.item.count', count(totals.count)]]
  if (kind === 'Supervisor') rows.push(['cluster.item.address', totals.address])
  rows.push(
    [
      'cluster.item.cpu',
      <>
        {pair('cluster.pair.usage', twoDecimals(totals.cpuUsed))}
        {pair('cluster.pair.total', twoDecimals(totals.cpuTotal))}
      </>,
    ],
    [
      'cluster.item.memory',
      <>
        {pair('cluster.pair.usage', formatBytes(totals.memUsed))}
        {pair('cluster.pair.total', formatBytes(totals.memTotal))}
      </>,
    ],
  )
  if (totals.gpuMemTotal > 0) {
    rows.push(
      ['cluster.item.gpu', count(totals.gpuCount)],
      [
        'cluster.item.gpuMemory',
        <>
          {pair('cluster.pair.usage', formatBytes(totals.gpuMemUsed))}
          {pair('cluster.pair.total', formatBytes(totals.gpuMemTotal))}
        </>,
      ],
    )
  }
  rows.push([
    'cluster.item.version',
    <>
      {pair('cluster.pair.release', version?.version ?? PENDING)}
      {pair('cluster.pair.commit', version ? (version['full-revisionid'] ?? UNKNOWN) : PENDING)}
    </>,
  ])

  return (
    <section className="surface cluster-panel" aria-label={title}>
      <h2>{title}</h2>
      <table className="table summary-table">
        <thead>
          <tr>
            <th>{t('cluster.column.item')}</th>
            <th>{t('cluster.column.value')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([item, value]) => (
            <tr key={item}>
              <td>{t(item)}</td>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
