import type { RunningModel } from '@serving-console/contract'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { DataGrid, type GridColDef } from '@mui/x-data-grid'
import { IconButton } from '../../../components/button'
import { CopyButton } from '../../../components/copy-button'
import { useGridText } from '../../../components/grid-text'
import {
  ArticleOutlinedIcon,
  CodeIcon,
  DeleteOutlineOutlinedIcon,
  OpenInBrowserOutlinedIcon,
} from '../../../components/icons'
import { useT } from '../../../i18n/react'
import { routes } from '../../../lib/routes'
import { StatusCell } from './status-cell'
import './running-models-table.css'

/**
 * While a call is pending the table shows one placeholder row (SPEC §2). Its id only marks it; the cell says
 * `running.table.loading` in the language shown.
 */
export const LOADING_ROW_ID = 'Loading, do not refresh page...'

interface RunningModelsTableProps {
  type: string
  rows: RunningModel[]
  loading: boolean
  busy: boolean
  onTerminate: (row: RunningModel) => void
  onOpenUi: (row: RunningModel) => void
  /** When the rows were read (ms). */
  readAt: number
  /** Opens how to call the model (curl, Python, TypeScript) and launch it again. */
  onUse: (row: RunningModel) => void
  /** Opens what happened to a model with replicas down. */
  onHealth: (row: RunningModel) => void
  /** Absent where the server keeps no per-model logs (a gateway to Xinference). */
  onLogs?: ((row: RunningModel) => void) | undefined
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

/** An icon action with its name as tooltip and accessible name, as upstream's table has them. */
function Action(props: {
  label: string
  /** A longer accessible name where the tooltip alone would be ambiguous in a list. */
  name?: string
  icon: ReactNode
  disabled: boolean
  onClick: () => void
  danger?: boolean
}) {
  return (
    <IconButton
      size="small"
      label={props.name ?? props.label}
      title={props.label}
      color={props.danger ? 'error' : 'primary'}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.icon}
    </IconButton>
  )
}

/** SPEC §2 running-model columns per kind, with Terminate everywhere and Launch Web UI for LLM and image. */
export function RunningModelsTable({
  type,
  rows,
  loading,
  busy,
  onTerminate,
  onOpenUi,
  onHealth,
  onUse,
  onLogs,
  readAt,
}: RunningModelsTableProps) {
  const t = useT()
  const localeText = useGridText()
  const withUi = type === 'LLM' || type === 'image'
  // Only this platform reports a model's health and load; a cluster's rows keep SPEC's columns.
  const withStatus = rows.some((row) => row.health)
  const columns: GridColDef<RunningModel>[] = [
    {
      field: 'id',
      headerName: t('running.column.id'),
      flex: 1.4,
      minWidth: withStatus ? 140 : 200,
      renderCell: ({ row }) =>
        row.id === LOADING_ROW_ID ? (
          t('running.table.loading')
        ) : (
          <span className="running-id">
            {row.id}
            <CopyButton text={row.id} label={t('running.action.copyId')} />
            <IconButton
              size="small"
              label={t('running.action.useOf', { uid: row.id })}
              title={t('running.action.use')}
              onClick={() => onUse(row)}
            >
              <CodeIcon fontSize="small" />
            </IconButton>
          </span>
        ),
    },
    // Minimums that add up to the 928 px beside the side navigation at 1280 px, each wide enough for its header's
    // longest word and the sort mark; a two-word header may wrap (running-models-table.css).
    { field: 'model_name', headerName: t('running.column.name'), flex: 1, minWidth: 100 },
    { field: 'address', headerName: t('running.column.address'), flex: 1, minWidth: withStatus ? 118 : 110 },
    {
      field: 'accelerators',
      headerName: t('running.column.gpuIndexes'),
      flex: 0.6,
      minWidth: withStatus ? 74 : 90,
      valueGetter: (_value, row) => (row.accelerators ?? []).join(', '),
    },
    ...(type === 'LLM'
      ? ([
          {
            field: 'model_size_in_billions',
            headerName: t('running.column.size'),
            minWidth: 80,
            flex: 0.4,
            valueGetter: (_value, row) => {
              const size = row.model_size_in_billions
              return size === null || size === undefined ? '' : `${String(size).replace('_', '.')}B`
            },
          },
          { field: 'quantization', headerName: t('running.column.quantization'), minWidth: 96, flex: 0.7 },
        ] satisfies GridColDef<RunningModel>[])
      : []),
    ...(type === 'image'
      ? []
      : ([
          { field: 'replica', headerName: t('running.column.replica'), minWidth: 80, flex: 0.4 },
        ] satisfies GridColDef<RunningModel>[])),
    ...(withStatus
      ? ([
          {
            field: 'status',
            headerName: t('running.column.status'),
            // "0 / 4 · 12 req" whole at 1280 px; a longer line ends in an ellipsis, whole in its tooltip.
            minWidth: 104,
            flex: 0.8,
            sortable: false,
            renderCell: ({ row }) =>
              row.id === LOADING_ROW_ID ? null : (
                <StatusCell row={row} readAt={readAt} onOpen={() => onHealth(row)} />
              ),
          },
        ] satisfies GridColDef<RunningModel>[])
      : []),
    {
      field: 'actions',
      headerName: t('running.column.actions'),
      // Three icon buttons.
      minWidth: 136,
      width: 136,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) =>
        row.id === LOADING_ROW_ID ? null : (
          <span className="running-actions">
            {withUi && (
              <Action
                label={t('running.action.webUi')}
                icon={<OpenInBrowserOutlinedIcon fontSize="small" />}
                disabled={busy}
                onClick={() => onOpenUi(row)}
              />
            )}
            <Action
              label={t('running.action.terminate')}
              danger
              icon={<DeleteOutlineOutlinedIcon fontSize="small" />}
              disabled={busy}
              onClick={() => onTerminate(row)}
            />
            {onLogs && (
              <Action
                label={t('running.action.log')}
                name={t('running.action.logOf', { uid: row.id })}
                icon={<ArticleOutlinedIcon fontSize="small" />}
                disabled={busy}
                onClick={() => onLogs(row)}
              />
            )}
          </span>
        ),
    },
  ]
  const shown = loading ? [{ id: LOADING_ROW_ID, model_type: type, model_name: '' } as RunningModel] : rows
  return (
    <>
      <DataGrid
        rows={shown}
        columns={columns}
        rowHeight={52}
        columnHeaderHeight={56}
        pageSizeOptions={[25, 50, 100]}
        initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
        disableRowSelectionOnClick
        // A dozen columns at most: all of them in the page (3000 px covers them), so a phone's sideways scroll and a
        // screen reader reach the actions.
        columnBufferPx={3000}
        showToolbar
        slots={{ noRowsOverlay: NoRows, noResultsOverlay: NoMatches }}
        localeText={localeText}
        className="running-grid"
      />
      {/* The next step, outside the grid: a grid's overlay may hold only text (ARIA's grid takes rows alone). */}
      {!loading && rows.length === 0 && (
        <p className="running-next">
          <Link to={routes.launchModel.href(type === 'LLM' ? 'llm' : type)}>{t('running.launchModel')}</Link>
        </p>
      )}
    </>
  )
}
