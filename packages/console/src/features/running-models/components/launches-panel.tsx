import { useQuery } from '@tanstack/react-query'
import { Button } from '../../../components/button'
import { CopyButton } from '../../../components/copy-button'
import { LaunchProgress } from '../../../components/launch-progress'
import { Notice } from '../../../components/notice'
import { inFlight, launchesQuery, useCancelLaunch, useDismissLaunch } from '../../../lib/launches'
import { missingUv, readable } from '../../../lib/upstream-errors'
import './launches-panel.css'

/** What to do about the one failure every launch hits on workers without `uv` (lib/upstream-errors.ts). */
const NO_UV_HINT =
  "The cluster's workers have no uv, which Xinference uses to build an engine's virtual environment: install uv on the workers, or, for an engine they have installed, launch again with the key enable_virtual_env and the value false under the LLM form's additional parameters."

/**
 * Beyond SPEC: launches in flight with their stage, progress and a Cancel button, and failed ones with the
 * server's reason (readable; Copy keeps all of it, and a known failure says what to do) kept until dismissed.
 * Rebuilt from the server, so a reload loses nothing.
 */
export function LaunchesPanel() {
  const launches = useQuery(launchesQuery)
  const cancel = useCancelLaunch()
  const dismiss = useDismissLaunch()
  if (!launches.data?.length) return null

  return (
    <section className="launches-panel" aria-label="Launches">
      {launches.data.map((launch) =>
        inFlight(launch) ? (
          <LaunchProgress
            key={launch.model_uid}
            launch={launch}
            onCancel={() => cancel.mutate(launch.model_uid)}
          />
        ) : (
          <Notice
            key={launch.model_uid}
            severity={launch.stage === 'failed' ? 'error' : 'info'}
            role={launch.stage === 'failed' ? 'alert' : 'status'}
            action={
              <>
                {launch.error && <CopyButton text={launch.error} label="Copy the reason" />}
                <Button color="inherit" size="small" onClick={() => dismiss.mutate(launch.model_uid)}>
                  Dismiss
                </Button>
              </>
            }
          >
            <strong>{launch.model_uid}</strong>: launch {launch.stage === 'failed' ? 'failed' : 'cancelled'}
            {launch.stage === 'failed' && launch.error ? (
              <pre className="launches-panel-reason">{readable(launch.error)}</pre>
            ) : null}
            {launch.error && missingUv(launch.error) ? (
              <p className="launches-panel-hint">{NO_UV_HINT}</p>
            ) : null}
          </Notice>
        ),
      )}
    </section>
  )
}
