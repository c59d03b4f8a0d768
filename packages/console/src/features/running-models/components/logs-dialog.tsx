import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import Switch from '@mui/material/Switch'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { logsQuery } from '../api/logs'

const TAIL = 500

/** Beyond SPEC: the end of a model's log, optionally followed every 2 s. */
export function LogsDialog({ uid, onClose }: { uid: string; onClose: () => void }) {
  const [follow, setFollow] = useState(true)
  const logs = useQuery(logsQuery(uid, TAIL, follow))
  const end = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (follow) end.current?.scrollIntoView({ block: 'end' })
  }, [logs.data, follow])

  return (
    <Dialog open fullWidth maxWidth="lg" onClose={onClose} aria-labelledby="logs-title">
      <DialogTitle id="logs-title">{uid} log</DialogTitle>
      <DialogContent>
        <Box
          component="pre"
          aria-label="Log lines"
          sx={{
            m: 0,
            p: 2,
            bgcolor: '#1d1f27',
            color: '#e8eaf2',
            borderRadius: 1,
            fontSize: 12,
            height: '60vh',
            overflow: 'auto',
          }}
        >
          {logs.data?.join('\n') ?? 'Loading…'}
          <div ref={end} />
        </Box>
      </DialogContent>
      <DialogActions>
        <FormControlLabel
          control={<Switch checked={follow} onChange={(event) => setFollow(event.target.checked)} />}
          label="Follow"
        />
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}
