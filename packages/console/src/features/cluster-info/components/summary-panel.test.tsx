import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { NodeTotals } from '../summarize'
import { SummaryPanel } from './summary-panel'

const totals: NodeTotals = {
  count: 2,
  address: '10.0.0.6:30001',
  cpuUsed: 3.456,
  cpuTotal: 128,
  memUsed: 2 * 1024 ** 3,
  memTotal: 256 * 1024 ** 3,
  gpuCount: 0,
  gpuMemUsed: 0,
  gpuMemTotal: 0,
}
const version = { version: '1.8.0', 'full-revisionid': 'abc42ca3105e3e0fd6f7861fb155ff807c1777a5' }

const rowText = (name: string) =>
  within(screen.getByRole('region')).getByText(name).closest('tr')?.textContent

describe('SummaryPanel', () => {
  it('shows count, address, CPU with two decimals, memory as byte sizes and the version', () => {
    render(<SummaryPanel kind="Supervisor" totals={totals} version={version} />)
    expect(rowText('Count')).toBe('Count2')
    expect(rowText('Address')).toBe('Address10.0.0.6:30001')
    expect(rowText('CPU Info')).toBe('CPU InfoUsage: 3.46Total: 128.00')
    expect(rowText('CPU Memory Info')).toBe('CPU Memory InfoUsage: 2.00 GiBTotal: 256.00 GiB')
    expect(rowText('Version')).toBe('VersionRelease: 1.8.0Commit: abc42ca3105e3e0fd6f7861fb155ff807c1777a5')
    expect(screen.queryByText('GPU Info')).toBeNull()
  })

  it('shows GPU rows only when there is GPU memory, and no address for workers', () => {
    const withGpus = { ...totals, gpuCount: 4, gpuMemUsed: 40 * 1024 ** 3, gpuMemTotal: 320 * 1024 ** 3 }
    render(<SummaryPanel kind="Workers" totals={withGpus} version={undefined} />)
    expect(rowText('GPU Info')).toBe('GPU Info4')
    expect(rowText('GPU Memory Info')).toBe('GPU Memory InfoUsage: 40.00 GiBTotal: 320.00 GiB')
    expect(screen.queryByText('Address')).toBeNull()
  })
})
