import type { ClusterNode } from '@serving-console/contract'
import '../../../components/surface.css'
import '../../../components/table.css'
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
    <section className="surface cluster-panel" aria-labelledby="worker-details-title">
      <h2 id="worker-details-title">Worker Details</h2>
      {/* Wider than a narrow window: it scrolls within itself, and takes the focus to be scrolled by keyboard. */}
      <div className="table-scroll" role="group" aria-label="Worker Details, scrolls sideways" tabIndex={0}>
        <table className="table worker-table">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column}>{column}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {workers.map((node, index) => {
              const used = usage(node)
              return (
                <tr key={`${node.ip_address}-${index}`}>
                  <td>{node.node_type}</td>
                  <td>{node.ip_address}</td>
                  <td>{twoDecimals(used.cpuUsed)}</td>
                  <td>{twoDecimals(node.cpu_count)}</td>
                  <td>{formatBytes(used.memUsed)}</td>
                  <td>{formatBytes(node.mem_total)}</td>
                  <td>{node.gpu_count}</td>
                  <td>{formatBytes(used.gpuMemUsed)}</td>
                  <td>{formatBytes(node.gpu_vram_total)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </section>
  )
}
