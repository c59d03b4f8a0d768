import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CopyButton } from '../../../components/copy-button'
import { toastMessageFor } from '../../../lib/api-client'
import { useAppState } from '../../../lib/app-state'
import { formatBytes } from '../../../lib/format'
import { runningKeys } from '../api/keys'
import { cancelLaunch, dismissLaunch, launchesQuery, type Launch } from '../api/launches'

const STAGE: Record<Launch['stage'], string> = {
  pending: 'Preparing',
  downloading: 'Downloading',
  loading: 'Loading',
  failed: 'Failed',
  cancelled: 'Cancelled',
}

function downloadText(launch: Launch): string | null {
  const download = launch.download
  if (!download || launch.stage !== 'downloading') return null
  const total = download.total_bytes ? ` of ${formatBytes(download.total_bytes)}` : ''
  return `${download.name}: ${formatBytes(download.downloaded_bytes)}${total} at ${formatBytes(download.speed_bytes_per_second)}/s`
}

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
        launch.stage === 'failed' || launch.stage === 'cancelled' ? (
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
        ) : (
          <Paper
            key={launch.model_uid}
            component="section"
            variant="outlined"
            sx={{ p: 2 }}
            aria-label={`Launching ${launch.model_uid}`}
          >
            <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {launch.model_uid}{' '}
                  <Typography component="span" color="text.secondary">
                    · {STAGE[launch.stage]} · {Math.round(launch.progress * 100)} %
                  </Typography>
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={launch.progress * 100}
                  sx={{ my: 1 }}
                  aria-label={`${launch.model_uid} progress`}
                />
                {downloadText(launch) && (
                  <Typography variant="body2" color="text.secondary">
                    {downloadText(launch)}
                  </Typography>
                )}
              </Box>
              <Button
                color="error"
                variant="outlined"
                onClick={() => void act(() => cancelLaunch(launch.model_uid))}
              >
                Cancel
              </Button>
            </Stack>
          </Paper>
        ),
      )}
    </Stack>
  )
}
