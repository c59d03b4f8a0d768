import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { JsonBlock } from '../../../components/json-block'

interface CustomJsonDialogProps {
  model: Record<string, unknown> & { model_name: string }
  onEdit: () => void
  onClose: () => void
}

/** SPEC §2: a custom model's registration as read-only JSON, with Copy Json, Cancel and Edit. */
export function CustomJsonDialog({ model, onEdit, onClose }: CustomJsonDialogProps) {
  const [copied, setCopied] = useState(false)
  const json = JSON.stringify(model, null, 4)
  return (
    <Dialog open fullWidth maxWidth="md" onClose={onClose} aria-labelledby="custom-json-title">
      <DialogTitle id="custom-json-title">{model.model_name}</DialogTitle>
      <DialogContent>
        <JsonBlock text={json} label="Custom model JSON" maxHeight="60vh" />
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() =>
            void navigator.clipboard.writeText(json).then(() => {
              setCopied(true)
              setTimeout(() => setCopied(false), 1500)
            })
          }
        >
          {copied ? 'Copied to clipboard!' : 'Copy Json'}
        </Button>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={onEdit}>
          Edit
        </Button>
      </DialogActions>
    </Dialog>
  )
}
