import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import type { CacheEntry } from '@serving-console/contract'
import { DataGrid, type GridColDef } from '@mui/x-data-grid'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { CopyButton } from '../../../components/copy-button'
import { cacheQuery, useDeleteCache } from '../api/cache-files'

interface CacheDialogProps {
  modelName: string
  kind: string
  /** Called on close with whether any cache is left. */
  onClose: (anyLeft: boolean) => void
}

const pathCell = (field: 'real_path' | 'path', headerName: string): GridColDef<CacheEntry> => ({
  field,
  headerName,
  flex: 1,
  minWidth: 220,
  renderCell: ({ value }) => (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }} title={String(value)}>
        {String(value)}
      </Box>
      <CopyButton text={String(value)} label={`Copy ${headerName}`} />
    </Box>
  ),
})

/** SPEC §2 cache dialog: a model's cached files, five rows a page, each deletable after a confirmation. */
export function CacheDialog({ modelName, kind, onClose }: CacheDialogProps) {
  const cache = useQuery(cacheQuery(modelName))
  const deleteCache = useDeleteCache(modelName)
  const [confirming, setConfirming] = useState<string | null>(null)
  const [page, setPage] = useState({ page: 0, pageSize: 5 })
  const rows = cache.data ?? []

  const remove = (modelVersion: string) => {
    setConfirming(null)
    deleteCache.mutate(modelVersion, {
      // The page adjusts when its last row goes.
      onSuccess: () => {
        const left = rows.length - 1
        setPage((old) => ({
          ...old,
          page: Math.min(old.page, Math.max(0, Math.ceil(left / old.pageSize) - 1)),
        }))
      },
    })
  }

  const columns: GridColDef<CacheEntry>[] = [
    { field: 'model_format', headerName: 'model_format', minWidth: 120 },
    ...(kind === 'LLM'
      ? ([
          { field: 'model_size_in_billions', headerName: 'model_size_in_billions', minWidth: 170 },
          { field: 'quantization', headerName: 'quantizations', minWidth: 120 },
        ] satisfies GridColDef<CacheEntry>[])
      : []),
    pathCell('real_path', 'real_path'),
    pathCell('path', 'path'),
    { field: 'actor_ip_address', headerName: 'IP Address', minWidth: 140 },
    {
      field: 'operation',
      headerName: 'operation',
      sortable: false,
      minWidth: 100,
      renderCell: ({ row }) => (
        <Tooltip title="Delete cached files">
          <IconButton
            aria-label={`Delete ${row.model_version}`}
            onClick={() => setConfirming(row.model_version)}
          >
            <DeleteOutlineOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ]

  return (
    <Dialog
      open
      fullWidth
      maxWidth="lg"
      onClose={() => onClose(rows.length > 0)}
      aria-labelledby="cache-dialog-title"
    >
      <DialogTitle id="cache-dialog-title">{modelName} cache</DialogTitle>
      <DialogContent>
        <DataGrid
          rows={rows}
          columns={columns}
          getRowId={(row) => `${row.model_version}@${row.actor_ip_address}`}
          loading={cache.isPending}
          pageSizeOptions={[5]}
          paginationModel={page}
          onPaginationModelChange={setPage}
          disableRowSelectionOnClick
          autoHeight
          localeText={{ noRowsLabel: 'No cache for now !' }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(rows.length > 0)}>Close</Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming !== null}
        text="Confirm deletion of cache files? This action is irreversible."
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && remove(confirming)}
      />
    </Dialog>
  )
}
