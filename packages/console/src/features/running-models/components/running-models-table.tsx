import { DataGrid, type GridColDef } from '@mui/x-data-grid'
import { listedName, type ListedModel } from '../../../lib/clusters'
import { CopyButton } from '../../../components/copy-button'
import { useGridText } from '../../../lib/grid-text'
import { useT } from '../../../i18n/react'
import { runningColumns } from '../model/columns'
import type { Rights } from '../model/rights'
import { ModelActions, UseButton, type ModelActionHandlers } from './model-actions'
import { StatusCell } from './status-cell'
import './running-models-table.css'

/**
 * While a call is pending the table shows one placeholder row (SPEC §2). Its id only marks it; the cell says
 * `running.table.loading` in the language shown.
 */
export const LOADING_ROW_ID = 'Loading, do not refresh page...'

export interface RunningModelsViewProps extends ModelActionHandlers {
  type: string
  /** The server holds clusters: a Cluster column says where each model runs (this server's own: empty). */
  withCluster: boolean
  rows: ListedModel[]
  loading: boolean
  busy: boolean
  /** What the signed-in user may do (model/rights.ts). */
  rights: Rights
  /** When the rows were read (ms). */
  readAt: number
  /** Opens how to call the model (curl, Python, TypeScript) and launch it again. */
  onUse: (row: ListedModel) => void
  /** Opens what happened to a model with replicas down. */
  onHealth: (row: ListedModel) => void
}

/** SPEC's empty overlay, with the next step. */
function NoRows() {
  const t = useT()
  return <div className="running-empty">{t('running.empty')}</div>
}
function NoMatches() {
  const t = useT()
  return <div className="running-empty">{t('running.empty.filtered')}</div>
}

/**
 * SPEC §2's running models as a data grid, its columns as model/columns.ts lays them out, with Terminate everywhere
 * and Launch Web UI for LLM and image; narrower than its columns, the grid scrolls inside itself (below 600 px the
 * page shows cards instead: running-model-cards.tsx). This platform's health and load, beyond SPEC, is a second line
 * under the ID rather than a column more, which would not fit.
 */
export function RunningModelsTable({
  type,
  withCluster,
  rows,
  loading,
  busy,
  rights,
  onTerminate,
  onOpenUi,
  onHealth,
  onUse,
  onLogs,
  readAt,
}: RunningModelsViewProps) {
  const t = useT()
  const localeText = useGridText()
  const withUi = type === 'LLM' || type === 'image'
  // What each column shows beyond its header and width (model/columns.ts).
  const cells: Partial<Record<string, Partial<GridColDef<ListedModel>>>> = {
    id: {
      renderCell: ({ row }) =>
        row.id === LOADING_ROW_ID ? (
          t('running.table.loading')
        ) : (
          <span className="running-id-cell">
            <span className="running-id">
              <span className="running-id-text" title={row.id}>
                {row.id}
              </span>
              <CopyButton text={row.id} label={t('running.action.copyId')} />
              <UseButton row={row} onUse={onUse} />
            </span>
            {(row.health ?? row.load ?? row.usage) && (
              <StatusCell row={row} readAt={readAt} onOpen={() => onHealth(row)} />
            )}
          </span>
        ),
    },
    cluster: {
      valueGetter: (_value, row) =>
        row.cluster === undefined
          ? t('common.cluster.here')
          : row.unanswered
            ? t('common.cluster.unavailable', { name: row.cluster })
            : row.cluster,
    },
    accelerators: { valueGetter: (_value, row) => (row.accelerators ?? []).join(', ') },
    model_size_in_billions: {
      valueGetter: (_value, row) => {
        const size = row.model_size_in_billions
        return size === null || size === undefined ? '' : `${String(size).replace('_', '.')}B`
      },
    },
    actions: {
      width: 200,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) =>
        row.id === LOADING_ROW_ID ? null : (
          <ModelActions
            row={row}
            withUi={withUi}
            busy={busy}
            rights={rights}
            onTerminate={onTerminate}
            onOpenUi={onOpenUi}
            onLogs={onLogs}
          />
        ),
    },
  }
  const columns = runningColumns(type, withCluster).map(
    ({ field, header, flex, minWidth }): GridColDef<ListedModel> => ({
      field,
      headerName: t(header),
      flex,
      minWidth,
      ...cells[field],
    }),
  )
  const shown = loading ? [{ id: LOADING_ROW_ID, model_type: type, model_name: '' } as ListedModel] : rows
  const empty = !loading && rows.length === 0
  return (
    <DataGrid
      rows={shown}
      // One uid may run on several clusters: a row is its model as clients name it (`cluster/uid`).
      getRowId={listedName}
      columns={columns}
      rowHeight={52}
      columnHeaderHeight={56}
      pageSizeOptions={[25, 50, 100]}
      initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
      disableRowSelectionOnClick
      // A dozen columns at most: all of them in the page (3000 px covers them), so a sideways scroll and a screen
      // reader reach the actions.
      columnBufferPx={3000}
      showToolbar
      slots={{ noRowsOverlay: NoRows, noResultsOverlay: NoMatches }}
      localeText={localeText}
      // Empty, it is only as tall as its overlay needs: the next step below it stays in sight.
      className={empty ? 'running-grid running-grid-empty' : 'running-grid'}
    />
  )
}
