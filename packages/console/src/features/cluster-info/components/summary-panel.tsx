import type { ClusterVersion } from '@serving-console/contract'
import type { ReactNode } from 'react'
import '../../../components/surface.css'
import '../../../components/table.css'
import { formatBytes, twoDecimals } from '../../../lib/format'
import type { NodeTotals } from '../summarize'

/** A label and its value, kept together on one line; a value wider than the cell (a commit hash) breaks. */
function Pair({ label, value }: { label: string; value: string }) {
  return (
    <span className="cluster-pair">
      <span className="muted">{label}:</span> {value}
    </span>
  )
}

interface SummaryPanelProps {
  title: 'Supervisor' | 'Workers'
  totals: NodeTotals
  version: ClusterVersion | undefined
}

/** The Supervisor and Workers panels of SPEC §2: a two-column Item/Value table. */
export function SummaryPanel({ title, totals, version }: SummaryPanelProps) {
  const rows: [string, ReactNode][] = [['Count', String(totals.count)]]
  if (title === 'Supervisor') rows.push(['Address', totals.address])
  rows.push(
    [
      'CPU Info',
      <>
        <Pair label="Usage" value={twoDecimals(totals.cpuUsed)} />
        <Pair label="Total" value={twoDecimals(totals.cpuTotal)} />
      </>,
    ],
    [
      'CPU Memory Info',
      <>
        <Pair label="Usage" value={formatBytes(totals.memUsed)} />
        <Pair label="Total" value={formatBytes(totals.memTotal)} />
      </>,
    ],
  )
  if (totals.gpuMemTotal > 0) {
    rows.push(
      ['GPU Info', String(totals.gpuCount)],
      [
        'GPU Memory Info',
        <>
          <Pair label="Usage" value={formatBytes(totals.gpuMemUsed)} />
          <Pair label="Total" value={formatBytes(totals.gpuMemTotal)} />
        </>,
      ],
    )
  }
  rows.push([
    'Version',
    <>
      <Pair label="Release" value={version?.version ?? '…'} />
      <Pair label="Commit" value={version ? (version['full-revisionid'] ?? '-') : '…'} />
    </>,
  ])

  return (
    <section className="surface cluster-panel" aria-label={title}>
      <h2>{title}</h2>
      <table className="table summary-table">
        <thead>
          <tr>
            <th>Item</th>
            <th>Value</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([item, value]) => (
            <tr key={item}>
              <td>{item}</td>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
