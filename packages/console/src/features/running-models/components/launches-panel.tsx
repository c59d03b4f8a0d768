import { useQuery } from '@tanstack/react-query'
import { Button } from '../../../components/button'
import { CopyButton } from '../../../components/copy-button'
import { LaunchProgress } from '../../../components/launch-progress'
import { Notice } from '../../../components/notice'
import { inFlight, launchesQuery, useCancelLaunch, useDismissLaunch } from '../../../lib/launches'
import { reasonId, type Rights } from '../model/rights'
import { missingUv, readable } from '../../../lib/upstream-errors'
import type { MessageId } from '../../../i18n/catalogue'
import { tRich, useT } from '../../../i18n/react'
import './launches-panel.css'

// How each ended launch is said, at render time.
const ENDED = {
  failed: 'running.launches.failed',
  cancelled: 'running.launches.cancelled',
  unloaded: 'running.launches.unloaded',
} as const satisfies Record<string, MessageId>

/**
 * Beyond SPEC: launches in flight with their stage, progress and a Cancel button, and failed ones with the
 * server's reason (readable; Copy keeps all of it, and a known failure says what to do) kept until dismissed.
 * Rebuilt from the server, so a reload loses nothing.
 */
export function LaunchesPanel({ rights }: { rights: Rights }) {
  const t = useT()
  // Cancel and Dismiss stop a model: without that right, each is described by the line saying why.
  const deniedBy = rights.stop.allowed ? undefined : reasonId('stop')
  const launches = useQuery(launchesQuery)
  const cancel = useCancelLaunch()
  const dismiss = useDismissLaunch()
  if (!launches.data?.length) return null

  return (
    <section className="launches-panel" aria-label={t('running.launches.label')}>
      {launches.data.map((launch) =>
        inFlight(launch) ? (
          <LaunchProgress
            key={launch.model_uid}
            launch={launch}
            onCancel={() => cancel.mutate(launch.model_uid)}
            cancelDeniedBy={deniedBy}
          />
        ) : (
          <Notice
            key={launch.model_uid}
            severity={launch.stage === 'failed' ? 'error' : 'info'}
            role={launch.stage === 'failed' ? 'alert' : 'status'}
            action={
              <>
                {launch.stage === 'failed' && launch.error && (
                  <CopyButton text={launch.error} label={t('running.launches.copyReason')} />
                )}
                <Button
                  color="inherit"
                  size="small"
                  aria-disabled={deniedBy ? true : undefined}
                  aria-describedby={deniedBy}
                  onClick={deniedBy ? undefined : () => dismiss.mutate(launch.model_uid)}
                >
                  {t('running.launches.dismiss')}
                </Button>
              </>
            }
          >
            {tRich(ENDED[launch.stage as keyof typeof ENDED], {
              uid: launch.model_uid,
              minutes: launch.idle_minutes ?? 0,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
            {launch.stage === 'failed' && launch.error ? (
              <pre className="launches-panel-reason">{readable(launch.error)}</pre>
            ) : null}
            {launch.error && missingUv(launch.error) ? (
              // What to do about the one failure every launch hits on workers without `uv` (lib/upstream-errors.ts).
              <p className="launches-panel-hint">{t('running.launches.noUv')}</p>
            ) : null}
          </Notice>
        ),
      )}
    </section>
  )
}
