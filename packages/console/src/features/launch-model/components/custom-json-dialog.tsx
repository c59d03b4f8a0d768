import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { JsonBlock } from '../../../components/json-block'
import { useT } from '../../../i18n/react'

interface CustomJsonDialogProps {
  model: Record<string, unknown> & { model_name: string }
  onEdit: () => void
  onClose: () => void
}

/** SPEC §2: a custom model's registration as read-only JSON, with Copy Json, Cancel and Edit. */
export function CustomJsonDialog({ model, onEdit, onClose }: CustomJsonDialogProps) {
  const t = useT()
  const [copied, setCopied] = useState(false)
  const json = JSON.stringify(model, null, 4)
  return (
    <Dialog open fullWidth maxWidth="md" onClose={onClose} aria-labelledby="custom-json-title">
      <DialogTitle id="custom-json-title">{model.model_name}</DialogTitle>
      <DialogContent>
        <JsonBlock text={json} label={t('launch.customJson.label')} maxHeight="60vh" />
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
          {copied ? t('launch.customJson.copied') : t('launch.customJson.copy')}
        </Button>
        <Button onClick={onClose}>{t('launch.customJson.cancel')}</Button>
        <Button variant="contained" onClick={onEdit}>
          {t('launch.customJson.edit')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
