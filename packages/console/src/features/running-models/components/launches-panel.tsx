import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { useQuery } from '@tanstack/react-query'
import { CopyButton } from '../../../components/copy-button'
import { LaunchProgress } from '../../../components/launch-progress'
import { inFlight, launchesQuery, useCancelLaunch, useDismissLaunch } from '../../../lib/launches'

/**
 * Beyond SPEC: launches in flight with their stage, progress and a Cancel button, and failed ones with the
 * server's reason kept until dismissed. Rebuilt from the server, so a reload loses nothing.
 */
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
                {launch.error}
              </Box>
            ) : null}
          </Alert>
        ),
      )}
    </Stack>
  )
}
