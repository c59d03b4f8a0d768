import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useId } from 'react'
import { HISTORY_LENGTH, type ResourceSample } from '../use-resource-history'

const WIDTH = 240
const HEIGHT = 56

function Sparkline({ label, values, color }: { label: string; values: number[]; color: string }) {
  const gradient = useId()
  const step = WIDTH / (HISTORY_LENGTH - 1)
  // Newest at the right edge; the line grows in from the right as samples arrive.
  const points = values.map((value, i) => {
    const x = WIDTH - (values.length - 1 - i) * step
    const y = HEIGHT - (Math.min(Math.max(value, 0), 100) / 100) * (HEIGHT - 2) - 1
    return `${x.toFixed(1)},${y.toFixed(1)}`
  })
  const latest = values.at(-1)
  const first = points[0]?.split(',')[0] ?? String(WIDTH)
  return (
    <Box sx={{ flex: '1 1 220px', minWidth: 200 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }} aria-label={`${label} now`}>
          {latest === undefined ? '–' : `${latest.toFixed(1)} %`}
        </Typography>
      </Stack>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${label} over the last minutes`}
      >
        <defs>
          <linearGradient id={gradient} x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor={color} stopOpacity={0.35} />
            <stop offset="100%" stopColor={color} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <rect x={0} y={0} width={WIDTH} height={HEIGHT} fill="#f1f3f9" rx={4} />
        {points.length > 1 && (
          <>
            <polygon
              points={`${first},${HEIGHT} ${points.join(' ')} ${WIDTH},${HEIGHT}`}
              fill={`url(#${gradient})`}
            />
            <polyline
              points={points.join(' ')}
              fill="none"
              stroke={color}
              strokeWidth={1.6}
              vectorEffect="non-scaling-stroke"
            />
          </>
        )}
      </svg>
    </Box>
  )
}

/** Beyond SPEC: CPU, memory and (when present) GPU memory in use over the last minutes. */
export function ResourceTrends({ samples }: { samples: ResourceSample[] }) {
  const gpu = samples.map((sample) => sample.gpuMem).filter((value): value is number => value !== null)
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-label="Recent usage">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5, fontWeight: 600 }}>
        Recent usage{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          (workers, last 5 minutes)
        </Typography>
      </Typography>
      <Stack direction="row" sx={{ gap: 4, flexWrap: 'wrap' }}>
        <Sparkline label="CPU" values={samples.map((sample) => sample.cpu)} color="#3b4ca8" />
        <Sparkline label="Memory" values={samples.map((sample) => sample.mem)} color="#2e8b6e" />
        {gpu.length > 0 && <Sparkline label="GPU memory" values={gpu} color="#c26a12" />}
      </Stack>
    </Paper>
  )
}
