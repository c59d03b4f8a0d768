import type { RunningModel } from '@serving-console/contract'
import ArticleOutlined from '@mui/icons-material/ArticleOutlined'
import { Box, Button, IconButton, Stack, Tooltip } from '@mui/material'
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
  onLogs: (row: RunningModel) => void
}

const NoRows = () => (
  <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>No Running Models</Box>
)
const NoMatches = () => (
  <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>No Running Models Matches</Box>
)

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
      flex: 1,
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
    { field: 'model_name', headerName: 'Name', flex: 1, minWidth: 120 },
    { field: 'address', headerName: 'Address', flex: 1, minWidth: 120 },
    {
      field: 'accelerators',
      headerName: 'GPU Indexes',
      flex: 0.5,
      minWidth: 100,
      valueGetter: (_value, row) => (row.accelerators ?? []).join(', '),
    },
    ...(type === 'LLM'
      ? ([
          {
            field: 'model_size_in_billions',
            headerName: 'Size',
            minWidth: 80,
            valueGetter: (_value, row) => {
              const size = row.model_size_in_billions
              return size === null || size === undefined ? '' : `${String(size).replace('_', '.')}B`
            },
          },
          { field: 'quantization', headerName: 'Quantization', minWidth: 100 },
        ] satisfies GridColDef<RunningModel>[])
      : []),
    ...(type === 'image'
      ? []
      : ([{ field: 'replica', headerName: 'Replica', minWidth: 80 }] satisfies GridColDef<RunningModel>[])),
    {
      field: 'actions',
      headerName: 'Actions',
      minWidth: 200,
      width: withUi ? 280 : 200,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) =>
        row.id === LOADING_ROW_ID ? null : (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', height: '100%' }}>
            {withUi && (
              <Button size="small" variant="outlined" disabled={busy} onClick={() => onOpenUi(row)}>
                Launch Web UI
              </Button>
            )}
            <Button
              size="small"
              variant="outlined"
              color="error"
              disabled={busy}
              onClick={() => onTerminate(row)}
            >
              Terminate
            </Button>
            <Tooltip title="Log">
              <span>
                <IconButton
                  size="small"
                  aria-label={`Log of ${row.id}`}
                  disabled={busy}
                  onClick={() => onLogs(row)}
                >
                  <ArticleOutlined fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
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
