import type { RunningModel } from '@serving-console/contract'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { CodeChoice } from '../../../components/code-choice'
import type { MessageId } from '../../../i18n/catalogue'
import { useT } from '../../../i18n/react'
import { useAppState } from '../../../lib/app-state'
import { clusterAuthQuery } from '../../../lib/cluster-auth'
import { listedName, type ListedModel } from '../../../lib/clusters'
import { toCliCommand } from '../../../lib/launch-command'
import { snippetFor, type SnippetFormat } from '../../../lib/snippets'
import { UsageSection } from './usage-section'
import './model-dialog.css'

const FORMATS = {
  curl: 'running.use.curl',
  python: 'running.use.python',
  typescript: 'running.use.typescript',
  'messages-curl': 'running.use.messagesCurl',
  'messages-python': 'running.use.messagesPython',
  launch: 'running.use.launch',
} as const satisfies Record<SnippetFormat | 'launch', MessageId>
type Format = keyof typeof FORMATS

/** The launch a running row says it was made with: what the row knows of it (not every option it had). */
function launchOf(row: RunningModel) {
  return {
    model_name: row.model_name,
    model_type: row.model_type,
    model_uid: row.id,
    ...(typeof row.model_engine === 'string' ? { model_engine: row.model_engine } : {}),
    ...(row.model_format ? { model_format: row.model_format } : {}),
    ...(row.model_size_in_billions != null ? { model_size_in_billions: row.model_size_in_billions } : {}),
    ...(row.quantization ? { quantization: row.quantization } : {}),
    ...(row.replica ? { replica: row.replica } : {}),
    ...(row.n_parallel ? { n_parallel: row.n_parallel } : {}),
  }
}

/**
 * A running model up close: its usage (where the server keeps it), and how to use it from elsewhere — a request
 * in curl, Python or TypeScript (the official openai clients), Anthropic's Messages API for a chat model (curl
 * and the official anthropic client), or the `xinference launch` line that launches it
 * again; to copy.
 */
export function ModelDialog({ row, onClose }: { row: ListedModel; onClose: () => void }) {
  const t = useT()
  const { endPoint } = useAppState()
  const withAuth = useQuery(clusterAuthQuery).data?.auth === true
  // A cluster's model is called here as `cluster/uid` (docs/clusters.md); launching it again is its cluster's
  // (the line would launch on this server), and its usage is kept there.
  const called = { ...row, id: listedName(row) }
  const usable = (['curl', 'python', 'typescript', 'messages-curl', 'messages-python'] as const).filter(
    (format) => snippetFor(called, format, endPoint, withAuth) !== null,
  )
  const formats: Format[] = row.cluster === undefined ? [...usable, 'launch'] : usable
  const [format, setFormat] = useState<Format>(formats[0] ?? 'launch')
  const text =
    format === 'launch'
      ? toCliCommand(launchOf(row), endPoint)
      : (snippetFor(called, format, endPoint, withAuth) ?? '')
  return (
    <Dialog open fullWidth maxWidth="md" onClose={onClose} aria-labelledby="use-title">
      <DialogTitle id="use-title">{called.id}</DialogTitle>
      <DialogContent>
        {row.usage && row.cluster === undefined && (
          <>
            <h3 className="model-dialog-heading">{t('running.usage.title')}</h3>
            <UsageSection uid={row.id} />
          </>
        )}
        <h3 className="model-dialog-heading">{t('running.use.heading')}</h3>
        <CodeChoice
          label={t('running.use.format')}
          forms={formats.map((value) => ({ value, label: t(FORMATS[value]) }))}
          value={format}
          onChange={setFormat}
          code={text}
          copyLabel={t('running.use.copy')}
        />
        {withAuth && <p className="use-note">{t('running.use.key')}</p>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}
