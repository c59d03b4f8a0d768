import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useQuery } from '@tanstack/react-query'
import { CopyButton } from '../../../components/copy-button'
import { LaunchProgress } from '../../../components/launch-progress'
import { inFlight, launchesQuery, useCancelLaunch, useDismissLaunch } from '../../../lib/launches'
import { missingUv, readable } from '../../../lib/upstream-errors'

/**
 * Beyond SPEC: launches in flight with their stage, progress and a Cancel button, and failed ones with the
 * server's reason (readable; Copy keeps all of it, and a known failure says what to do) kept until dismissed.
 * Rebuilt from the server, so a reload loses nothing.
 */
/** What to do about the one failure every launch hits on workers without `uv` (lib/upstream-errors.ts). */
const NO_UV_HINT =
  "The cluster's workers have no uv, which Xinference uses to build an engine's virtual environment: install uv on the workers, or, for an engine they have installed, launch again with the key enable_virtual_env and the value false under the LLM form's additional parameters."

export function LaunchesPanel() {
  const launches = useQuery(launchesQuery)
  const cancel = useCancelLaunch()
  const dismiss = useDismissLaunch()
  if (!launches.data?.length) return null

  return (
    <Stack spacing={1.5} sx={{ mb: 2.5 }} component="section" aria-label="Launches">
      {launches.data.map((launch) =>
        inFlight(launch) ? (
          <LaunchProgress
            key={launch.model_uid}
            launch={launch}
            onCancel={() => cancel.mutate(launch.model_uid)}
          />
        ) : (
          <Alert
            key={launch.model_uid}
            severity={launch.stage === 'failed' ? 'error' : 'info'}
            action={
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                {launch.error && <CopyButton text={launch.error} label="Copy the reason" />}
                <Button color="inherit" size="small" onClick={() => dismiss.mutate(launch.model_uid)}>
                  Dismiss
                </Button>
              </Stack>
            }
          >
            <strong>{launch.model_uid}</strong>: launch {launch.stage === 'failed' ? 'failed' : 'cancelled'}
            {launch.stage === 'failed' && launch.error ? (
              <Box
                component="pre"
                sx={{ m: 0, mt: 0.5, whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 12 }}
              >
                {readable(launch.error)}
              </Box>
            ) : null}
            {launch.error && missingUv(launch.error) ? <Box sx={{ mt: 0.5 }}>{NO_UV_HINT}</Box> : null}
          </Alert>
        ),
      )}
    </Stack>
  )
}
