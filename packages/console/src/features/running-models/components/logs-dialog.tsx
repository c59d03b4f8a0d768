import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/button'
import { Checkbox } from '../../../components/checkbox'
import { useT } from '../../../i18n/react'
import { logsQuery } from '../api/logs'
import './logs-dialog.css'

const TAIL = 500

/** Beyond SPEC: the end of a model's log, optionally followed every 2 s. */
export function LogsDialog({ uid, onClose }: { uid: string; onClose: () => void }) {
  const t = useT()
  const [follow, setFollow] = useState(true)
  const logs = useQuery(logsQuery(uid, TAIL, follow))
  const end = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (follow) end.current?.scrollIntoView({ block: 'end' })
  }, [logs.data, follow])

  return (
    <Dialog open fullWidth maxWidth="lg" onClose={onClose} aria-labelledby="logs-title">
      <DialogTitle id="logs-title">{t('running.logs.title', { uid })}</DialogTitle>
      <DialogContent>
        {/* It scrolls by itself: focusable, so that the keyboard can scroll it. */}
        <pre className="logs-lines" aria-label={t('running.logs.lines')} tabIndex={0}>
          {logs.data?.join('\n') ?? t('running.logs.loading')}
          <div ref={end} />
        </pre>
      </DialogContent>
      <DialogActions>
        <Checkbox kind="switch" label={t('running.logs.follow')} checked={follow} onChange={setFollow} />
        <Button onClick={onClose}>{t('running.logs.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}
