import type { ClusterNode } from '@serving-console/contract'
import Paper from '@mui/material/Paper'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { formatBytes, twoDecimals } from '../../../lib/format'
import { usage } from '../summarize'

const COLUMNS = [
  'Node Type',
  'Address',
  'CPU Usage',
  'CPU Total',
  'Mem Usage',
  'Mem Total',
  'GPU Count',
  'GPU Mem Usage',
  'GPU Mem Total',
]

/** SPEC §2 "Worker Details": one row per worker node. */
export function WorkerDetails({ nodes }: { nodes: readonly ClusterNode[] }) {
  const workers = nodes.filter((node) => node.node_type === 'Worker')
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} aria-label="Worker Details" component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
        Worker Details
      </Typography>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {workers.map((node, index) => {
              const used = usage(node)
              return (
                <TableRow key={`${node.ip_address}-${index}`}>
                  <TableCell>{node.node_type}</TableCell>
                  <TableCell>{node.ip_address}</TableCell>
                  <TableCell>{twoDecimals(used.cpuUsed)}</TableCell>
                  <TableCell>{twoDecimals(node.cpu_count)}</TableCell>
                  <TableCell>{formatBytes(used.memUsed)}</TableCell>
                  <TableCell>{formatBytes(node.mem_total)}</TableCell>
                  <TableCell>{node.gpu_count}</TableCell>
                  <TableCell>{formatBytes(used.gpuMemUsed)}</TableCell>
                  <TableCell>{formatBytes(node.gpu_vram_total)}</TableCell>
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  )
}
