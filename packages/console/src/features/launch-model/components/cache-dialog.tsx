import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import type { CacheEntry } from '@serving-console/contract'
import { DataGrid, type GridColDef } from '@mui/x-data-grid'
import { useGridText } from '../../../lib/grid-text'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button, IconButton } from '../../../components/button'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { CopyButton } from '../../../components/copy-button'
import { DeleteOutlineOutlinedIcon } from '../../../components/icons'
import { useT } from '../../../i18n/react'
import './cache-dialog.css'
import { cacheQuery, useDeleteCache } from '../api/cache-files'
import { useCluster } from '../../../lib/cluster-scope'

interface CacheDialogProps {
  modelName: string
  kind: string
  /** Called on close with whether any cache is left. */
  onClose: (anyLeft: boolean) => void
}

const pathCell = (
  field: 'real_path' | 'path',
  headerName: string,
  copyLabel: string,
): GridColDef<CacheEntry> => ({
  field,
  headerName,
  flex: 1,
  minWidth: 220,
  renderCell: ({ value }) => (
    <span className="cache-path">
      <span title={String(value)}>{String(value)}</span>
      <CopyButton text={String(value)} label={copyLabel} />
    </span>
  ),
})

/** SPEC §2 cache dialog: a model's cached files, five rows a page, each deletable after a confirmation. */
export function CacheDialog({ modelName, kind, onClose }: CacheDialogProps) {
  const t = useT()
  const gridText = useGridText()
  const cluster = useCluster()
  const cache = useQuery(cacheQuery(modelName, cluster))
  const deleteCache = useDeleteCache(modelName, cluster)
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
    { field: 'model_format', headerName: t('launch.cache.column.format'), minWidth: 120 },
    ...(kind === 'LLM'
      ? ([
          {
            field: 'model_size_in_billions',
            headerName: t('launch.cache.column.size'),
            minWidth: 170,
          },
          { field: 'quantization', headerName: t('launch.cache.column.quantization'), minWidth: 120 },
        ] satisfies GridColDef<CacheEntry>[])
      : []),
    pathCell('real_path', t('launch.cache.column.realPath'), t('launch.cache.copyRealPath')),
    pathCell('path', t('launch.cache.column.path'), t('launch.cache.copyPath')),
    { field: 'actor_ip_address', headerName: t('launch.cache.column.ip'), minWidth: 140 },
    {
      field: 'operation',
      headerName: t('launch.cache.column.operation'),
      sortable: false,
      minWidth: 100,
      renderCell: ({ row }) => (
        <IconButton
          label={t('launch.cache.delete', { version: row.model_version })}
          title={t('launch.cache.delete.title')}
          onClick={() => setConfirming(row.model_version)}
        >
          <DeleteOutlineOutlinedIcon fontSize="small" />
        </IconButton>
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
      <DialogTitle id="cache-dialog-title">{t('launch.cache.title', { name: modelName })}</DialogTitle>
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
          localeText={{ ...gridText, noRowsLabel: t('launch.cache.empty') }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(rows.length > 0)}>{t('launch.cache.close')}</Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming !== null}
        text={t('launch.cache.confirmDelete')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && remove(confirming)}
      />
    </Dialog>
  )
}
