import { clusterPath, type LaunchRequest } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { useCluster } from '../../../lib/cluster-scope'
import { CodeChoice } from '../../../components/code-choice'
import { Disclosure } from '../../../components/disclosure'
import { TextField } from '../../../components/text-field'
import type { MessageId } from '../../../i18n/catalogue'
import { useT } from '../../../i18n/react'
import { useAppState } from '../../../lib/app-state'
import { clusterAuthQuery } from '../../../lib/cluster-auth'
import {
  CommandError,
  flagPieces,
  fromCliCommand,
  toCliCommand,
  toCurlCommand,
  toPythonLaunch,
} from '../../../lib/launch-command'
import './command-line.css'

const FORMATS = {
  cli: 'launch.command.cli',
  curl: 'launch.command.curl',
  python: 'launch.command.python',
} as const satisfies Record<string, MessageId>
type Format = keyof typeof FORMATS

const ERRORS = {
  quote: 'launch.command.error.quote',
  notLaunch: 'launch.command.error.notLaunch',
  notInForm: 'launch.command.error.notInForm',
  missingValue: 'launch.command.error.missingValue',
  stray: 'launch.command.error.stray',
  noModel: 'launch.command.error.noModel',
} as const satisfies Record<CommandError['kind'], MessageId>

/**
 * The launch the form would make, as an `xinference launch` line, a `curl` or Python, to copy; and a pasted
 * `xinference launch` line to fill the form from (nothing applied when it cannot be).
 */
export function CommandLine({
  payload,
  modelName,
  onPaste,
}: {
  payload: LaunchRequest
  modelName: string
  /** A pasted command's launch, for the form to take. */
  onPaste: (payload: Record<string, unknown>) => void
}) {
  const t = useT()
  // A cluster's routes are under this server's address too (docs/clusters.md): the line launches there.
  const cluster = useCluster()
  const { endPoint: here } = useAppState()
  const endPoint = cluster === undefined ? here : `${here}${clusterPath(cluster, '')}`
  const withAuth = useQuery(clusterAuthQuery).data?.auth === true
  const [format, setFormat] = useState<Format>('cli')
  const [pasted, setPasted] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const text =
    format === 'cli'
      ? toCliCommand(payload, endPoint)
      : format === 'curl'
        ? toCurlCommand(payload, endPoint, withAuth)
        : toPythonLaunch(payload, endPoint, withAuth)

  const apply = () => {
    try {
      const launch = fromCliCommand(pasted)
      if (launch.model_name !== modelName) {
        setProblem(t('launch.command.error.otherModel', { name: launch.model_name, model: modelName }))
        return
      }
      setProblem(null)
      setPasted('')
      onPaste(launch)
    } catch (error) {
      if (!(error instanceof CommandError)) throw error
      setProblem(t(ERRORS[error.kind], { detail: error.detail }))
    }
  }

  return (
    <Disclosure summary={t('launch.command.title')}>
      <div className="command-line">
        <CodeChoice
          label={t('launch.command.format')}
          forms={Object.entries(FORMATS).map(([value, label]) => ({
            value: value as Format,
            label: t(label),
          }))}
          value={format}
          onChange={setFormat}
          code={text}
          pieces={format === 'cli' ? flagPieces(text) : undefined}
          copyLabel={t('launch.command.copy')}
        />
        <TextField
          label={t('launch.command.paste')}
          value={pasted}
          onChange={setPasted}
          multiline
          rows={3}
          error={problem}
        />
        <div>
          <Button variant="outlined" size="small" disabled={!pasted.trim()} onClick={apply}>
            {t('launch.command.apply')}
          </Button>
        </div>
      </div>
    </Disclosure>
  )
}
