import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { formatBytes } from '../lib/format'
import type { Launch } from '../lib/launches'

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

/** A launch in flight: its stage, progress and download, with Cancel. */
export function LaunchProgress({ launch, onCancel }: { launch: Launch; onCancel: () => void }) {
  const download = downloadText(launch)
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-label={`Launching ${launch.model_uid}`}>
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
          {download && (
            <Typography variant="body2" color="text.secondary">
              {download}
            </Typography>
          )}
        </Box>
        <Button color="error" variant="outlined" onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </Paper>
  )
}
