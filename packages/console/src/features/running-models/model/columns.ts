import type { MessageId } from '../../../i18n/catalogue'

/** A column of the running-models grid as it is laid out: its header and how it shares the width. */
export interface RunningColumn {
  field: string
  header: MessageId
  minWidth: number
  /** Its share of the width left over, as the data grid's `flex`; a column without one keeps `minWidth`. */
  flex?: number
}

/**
 * SPEC §2's running-model columns of `type`, at SPEC §9's minimums (ID 250, Actions 200). The other columns' minimums
 * make the total 928 px, what the page has beside the side navigation at 1280 px, so every action shows from there
 * up. One list for the data grid (running-models-table.tsx) and for what the page shows before the grid's code is
 * here (running-models-loading.tsx), so the one takes the other's place without a move.
 */
export function runningColumns(type: string, withCluster = false): RunningColumn[] {
  const columns: RunningColumn[] = [
    { field: 'id', header: 'running.column.id', flex: 1.4, minWidth: 250 },
    // Where the server holds clusters besides its own models (docs/clusters.md): which one runs it.
    ...(withCluster
      ? [{ field: 'cluster', header: 'running.column.cluster', flex: 0.6, minWidth: 96 } as const]
      : []),
    // Each wide enough for its values and its header's longest word; a two-word header wraps.
    { field: 'model_name', header: 'running.column.name', flex: 1, minWidth: 84 },
    { field: 'address', header: 'running.column.address', flex: 1, minWidth: 104 },
    { field: 'accelerators', header: 'running.column.gpuIndexes', flex: 0.6, minWidth: 66 },
  ]
  if (type === 'LLM')
    columns.push(
      { field: 'model_size_in_billions', header: 'running.column.size', flex: 0.4, minWidth: 72 },
      { field: 'quantization', header: 'running.column.quantization', flex: 0.7, minWidth: 90 },
    )
  if (type !== 'image')
    columns.push({ field: 'replica', header: 'running.column.replica', flex: 0.4, minWidth: 62 })
  columns.push({ field: 'actions', header: 'running.column.actions', minWidth: 200 })
  return columns
}
