import { Alert, Box, Button, Stack } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CopyButton } from '../../../components/copy-button'
import { LaunchProgress } from '../../../components/launch-progress'
import { toastMessageFor } from '../../../lib/api-client'
import { useAppState } from '../../../lib/app-state'
import { cancelLaunch, dismissLaunch, inFlight, launchesQuery } from '../../../lib/launches'
import { runningKeys } from '../api/keys'

/**
 * Beyond SPEC: launches in flight with their stage, progress and a Cancel button, and failed ones with the
 * server's reason kept until dismissed. Rebuilt from the server, so a reload loses nothing.
 */
export function LaunchesPanel() {
  const queryClient = useQueryClient()
  const { setErrorMsg } = useAppState()
  const launches = useQuery(launchesQuery)
  if (!launches.data?.length) return null

  const act = async (call: () => Promise<unknown>) => {
    try {
      await call()
    } catch (error) {
      const message = toastMessageFor(error)
      if (message) setErrorMsg(message)
    }
    await queryClient.invalidateQueries({ queryKey: runningKeys.all })
  }

  return (
    <Stack spacing={1.5} sx={{ mb: 2.5 }} component="section" aria-label="Launches">
      {launches.data.map((launch) =>
        inFlight(launch) ? (
          <LaunchProgress
            key={launch.model_uid}
            launch={launch}
            onCancel={() => void act(() => cancelLaunch(launch.model_uid))}
          />
        ) : (
          <Alert
            key={launch.model_uid}
            severity={launch.stage === 'failed' ? 'error' : 'info'}
            action={
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                {launch.error && <CopyButton text={launch.error} label="Copy the reason" />}
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => void act(() => dismissLaunch(launch.model_uid))}
                >
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
