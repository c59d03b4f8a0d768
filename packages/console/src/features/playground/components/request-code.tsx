import type { RunningModel } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { CodeChoice } from '../../../components/code-choice'
import { useT } from '../../../i18n/react'
import { useAppState } from '../../../lib/app-state'
import { clusterAuthQuery } from '../../../lib/cluster-auth'
import { snippetFor, type ModelRequest } from '../../../lib/snippets'

const FORMATS = {
  curl: 'running.use.curl',
  python: 'running.use.python',
  typescript: 'running.use.typescript',
} as const
type Format = keyof typeof FORMATS

/** The exact request the playground sends, as curl, Python or TypeScript (the running row's snippets), to copy. */
export function RequestCode({ row, request }: { row: RunningModel; request: ModelRequest }) {
  const t = useT()
  const { endPoint } = useAppState()
  const withAuth = useQuery(clusterAuthQuery).data?.auth === true
  const formats = (Object.keys(FORMATS) as Format[]).filter(
    (format) => snippetFor(row, format, endPoint, withAuth, request) !== null,
  )
  const [chosen, setChosen] = useState<Format>('curl')
  const format = formats.includes(chosen) ? chosen : 'curl'
  return (
    <section className="surface playground-section" aria-labelledby="playground-code-title">
      <h2 id="playground-code-title">{t('playground.code')}</h2>
      <CodeChoice
        label={t('running.use.format')}
        forms={formats.map((value) => ({ value, label: t(FORMATS[value]) }))}
        value={format}
        onChange={setChosen}
        code={snippetFor(row, format, endPoint, withAuth, request) ?? ''}
        copyLabel={t('running.use.copy')}
      />
      {withAuth && <p className="muted">{t('running.use.key')}</p>}
    </section>
  )
}
