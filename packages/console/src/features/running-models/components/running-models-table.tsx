import type { RunningModel } from '@serving-console/contract'
import ArticleOutlined from '@mui/icons-material/ArticleOutlined'
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined'
import OpenInBrowserOutlined from '@mui/icons-material/OpenInBrowserOutlined'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import type { ReactNode } from 'react'
import { DataGrid, type GridColDef } from '@mui/x-data-grid'
import { CopyButton } from '../../../components/copy-button'

/** While a call is pending the table shows one placeholder row (SPEC §2). */
export const LOADING_ROW_ID = 'Loading, do not refresh page...'

interface RunningModelsTableProps {
  type: string
  rows: RunningModel[]
  loading: boolean
  busy: boolean
  onTerminate: (row: RunningModel) => void
  onOpenUi: (row: RunningModel) => void
  /** Absent where the server keeps no per-model logs (a gateway to Xinference). */
  onLogs?: ((row: RunningModel) => void) | undefined
}

const NoRows = () => (
  <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>No Running Models</Box>
)
const NoMatches = () => (
  <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>No Running Models Matches</Box>
)

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
    <Tooltip title={props.label}>
      <span>
        <IconButton
          size="small"
          aria-label={props.name ?? props.label}
          color={props.danger ? 'error' : 'primary'}
          disabled={props.disabled}
          onClick={props.onClick}
        >
          {props.icon}
        </IconButton>
      </span>
    </Tooltip>
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
  onLogs,
}: RunningModelsTableProps) {
  const withUi = type === 'LLM' || type === 'image'
  const columns: GridColDef<RunningModel>[] = [
    {
      field: 'id',
      headerName: 'ID',
      flex: 1.4,
      minWidth: 250,
      renderCell: ({ row }) =>
        row.id === LOADING_ROW_ID ? (
          row.id
        ) : (
          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
            {row.id}
            <CopyButton text={row.id} label="Copy ID" />
          </Stack>
        ),
    },
    // Narrow minimums, so every column and every action fits beside the side navigation at 1280 px.
    { field: 'model_name', headerName: 'Name', flex: 1, minWidth: 100 },
    { field: 'address', headerName: 'Address', flex: 1, minWidth: 110 },
    {
      field: 'accelerators',
      headerName: 'GPU Indexes',
      flex: 0.6,
      minWidth: 70,
      valueGetter: (_value, row) => (row.accelerators ?? []).join(', '),
    },
    ...(type === 'LLM'
      ? ([
          {
            field: 'model_size_in_billions',
            headerName: 'Size',
            minWidth: 60,
            flex: 0.4,
            valueGetter: (_value, row) => {
              const size = row.model_size_in_billions
              return size === null || size === undefined ? '' : `${String(size).replace('_', '.')}B`
            },
          },
          { field: 'quantization', headerName: 'Quantization', minWidth: 80, flex: 0.7 },
        ] satisfies GridColDef<RunningModel>[])
      : []),
    ...(type === 'image'
      ? []
      : ([
          { field: 'replica', headerName: 'Replica', minWidth: 60, flex: 0.4 },
        ] satisfies GridColDef<RunningModel>[])),
    {
      field: 'actions',
      headerName: 'Actions',
      minWidth: 200,
      width: 200,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) =>
        row.id === LOADING_ROW_ID ? null : (
          <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', height: '100%' }}>
            {withUi && (
              <Action
                label="Launch Web UI"
                icon={<OpenInBrowserOutlined fontSize="small" />}
                disabled={busy}
                onClick={() => onOpenUi(row)}
              />
            )}
            <Action
              label="Terminate"
              danger
              icon={<DeleteOutlineOutlined fontSize="small" />}
              disabled={busy}
              onClick={() => onTerminate(row)}
            />
            {onLogs && (
              <Action
                label="Log"
                name={`Log of ${row.id}`}
                icon={<ArticleOutlined fontSize="small" />}
                disabled={busy}
                onClick={() => onLogs(row)}
              />
            )}
          </Stack>
        ),
    },
  ]
  const shown = loading ? [{ id: LOADING_ROW_ID, model_type: type, model_name: '' } as RunningModel] : rows
  return (
    <DataGrid
      rows={shown}
      columns={columns}
      rowHeight={52}
      columnHeaderHeight={56}
      pageSizeOptions={[25, 50, 100]}
      initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
      disableRowSelectionOnClick
      showToolbar
      slots={{ noRowsOverlay: NoRows, noResultsOverlay: NoMatches }}
      sx={{ bgcolor: 'background.paper', minHeight: 320 }}
    />
  )
}
