import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined'
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Snackbar from '@mui/material/Snackbar'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState } from 'react'

export interface KeyValueRow {
  key: string
  value: string
}

interface KeyValueEditorProps {
  label: string
  rows: KeyValueRow[]
  onChange: (rows: KeyValueRow[]) => void
  keyLabel?: string
  valueLabel?: string
}

const complete = (row: KeyValueRow) => row.key.trim() !== '' && row.value.trim() !== ''

/**
 * A list of key/value rows (SPEC §5): a row can be added only when the last one is complete, and keys must be
 * unique.
 */
export function KeyValueEditor({
  label,
  rows,
  onChange,
  keyLabel = 'key',
  valueLabel = 'value',
}: KeyValueEditorProps) {
  const [warning, setWarning] = useState('')
  const counts = new Map<string, number>()
  for (const row of rows) counts.set(row.key.trim(), (counts.get(row.key.trim()) ?? 0) + 1)

  const add = () => {
    const last = rows.at(-1)
    if (last && !complete(last)) {
      setWarning('Please fill in the complete parameters before adding!!')
      return
    }
    onChange([...rows, { key: '', value: '' }])
  }
  const update = (index: number, patch: Partial<KeyValueRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)))

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <IconButton size="small" aria-label={`Add ${label}`} onClick={add} color="primary">
          <AddCircleOutline fontSize="small" />
        </IconButton>
      </Stack>
      <Stack spacing={1.5}>
        {rows.map((row, index) => {
          const duplicate = row.key.trim() !== '' && (counts.get(row.key.trim()) ?? 0) > 1
          return (
            <Stack direction="row" spacing={1} key={index} sx={{ alignItems: 'flex-start' }}>
              <TextField
                size="small"
                label={keyLabel}
                value={row.key}
                onChange={(event) => update(index, { key: event.target.value })}
                error={duplicate}
                helperText={duplicate ? `${row.key.trim()} must be unique` : undefined}
                sx={{ flex: 1 }}
              />
              <TextField
                size="small"
                label={valueLabel}
                value={row.value}
                onChange={(event) => update(index, { value: event.target.value })}
                sx={{ flex: 1 }}
              />
              <IconButton
                aria-label={`Remove ${keyLabel} ${row.key}`}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Stack>
          )
        })}
      </Stack>
      <Snackbar
        open={warning !== ''}
        autoHideDuration={3000}
        onClose={() => setWarning('')}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity="warning" variant="filled" onClose={() => setWarning('')}>
          {warning}
        </Alert>
      </Snackbar>
    </Box>
  )
}
