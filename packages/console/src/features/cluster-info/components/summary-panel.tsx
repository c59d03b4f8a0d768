import type { ClusterVersion } from '@serving-console/contract'
import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { formatBytes, twoDecimals } from '../../../lib/format'
import type { NodeTotals } from '../summarize'

/** A label and its value, kept together on one line; a value wider than the cell (a commit hash) breaks. */
function Pair({ label, value }: { label: string; value: string }) {
  return (
    <Box component="span" sx={{ mr: 3, display: 'inline-block', maxWidth: '100%', overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {value}
    </Box>
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
    <Paper variant="outlined" sx={{ p: 2.5 }} aria-label={title} component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 180, fontWeight: 600 }}>Item</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>Value</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([item, value]) => (
            <TableRow key={item}>
              <TableCell>{item}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  )
}
