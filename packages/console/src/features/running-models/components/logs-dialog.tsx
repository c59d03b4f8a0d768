import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/button'
import { Checkbox } from '../../../components/checkbox'
import { CopyButton } from '../../../components/copy-button'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import { logsQuery } from '../api/logs'
import './logs-dialog.css'

const TAIL = 500

/**
 * Beyond SPEC: the end of a model's log (each line with its time; one per request), optionally followed every
 * 2 s; filtered by what it contains, copied or downloaded as shown.
 */
export function LogsDialog({ uid, onClose }: { uid: string; onClose: () => void }) {
  const t = useT()
  const [follow, setFollow] = useState(true)
  const [filter, setFilter] = useState('')
  const logs = useQuery(logsQuery(uid, TAIL, follow))
  const end = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (follow) end.current?.scrollIntoView({ block: 'end' })
  }, [logs.data, follow])
  const lines = logs.data ?? []
  const wanted = filter.trim().toLowerCase()
  const shown = wanted ? lines.filter((line) => line.toLowerCase().includes(wanted)) : lines
  const text = shown.join('\n')
  const download = () => {
    const link = document.createElement('a')
    link.href = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }))
    link.download = `${uid}.log`
    link.click()
    URL.revokeObjectURL(link.href)
  }

  return (
    <Dialog open fullWidth maxWidth="lg" onClose={onClose} aria-labelledby="logs-title">
      <DialogTitle id="logs-title">{t('running.logs.title', { uid })}</DialogTitle>
      <DialogContent>
        <div className="logs-tools">
          <TextField label={t('running.logs.filter')} value={filter} onChange={setFilter} />
          <span className="logs-count" aria-live="polite">
            {t('running.logs.count', { shown: shown.length, total: lines.length })}
          </span>
          <CopyButton text={text} label={t('running.logs.copy')} />
          <Button size="small" onClick={download} disabled={shown.length === 0}>
            {t('running.logs.download')}
          </Button>
        </div>
        {/* It scrolls by itself: focusable, so that the keyboard can scroll it. */}
        <pre className="logs-lines" aria-label={t('running.logs.lines')} tabIndex={0}>
          {logs.data ? text : t('running.logs.loading')}
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
