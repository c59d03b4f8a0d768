import { useId } from 'react'
import '../../../components/surface.css'
import { currentIntl } from '../../../i18n/i18n'
import { useT } from '../../../i18n/react'
import { formatBytes, twoDecimals } from '../../../lib/format'
import type { NodeTotals } from '../summarize'
import { HISTORY_LENGTH, type ResourceSample } from '../use-resource-history'
import './resource-trends.css'

const WIDTH = 240
const HEIGHT = 56
/** Before the first sample: a dash, the same in every language. */
const NO_VALUE = '–'

/** One decimal, no grouping: English reads as before ("42.0 %"); the message places the sign. */
const oneDecimal = (value: number) =>
  currentIntl().formatNumber(value, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  })

interface TrendProps {
  label: string
  values: number[]
  colour: string
  /** The latest figure in the tables' own units ("1.15 of 2.00 cores"), said beside the share charted. */
  amount: string
}

/**
 * One resource's line, in its colour of the theme (`--sc-palette-console-chart-*`). Its classes are `trend-*`:
 * the shared `Sparkline` widget owns `.sparkline`, and its fixed 40 px box made these charts stick out of the card.
 */
function Trend({ label, values, colour, amount }: TrendProps) {
  const t = useT()
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
    <div className="trend" style={{ color: `var(--sc-palette-console-chart-${colour})` }}>
      <div className="trend-head">
        <span className="muted">{label}</span>
        <span className="trend-now">
          <span className="trend-amount">{latest === undefined ? NO_VALUE : amount}</span>
          <span aria-label={t('cluster.trends.now', { label })}>
            {latest === undefined ? NO_VALUE : t('cluster.trends.percent', { value: oneDecimal(latest) })}
          </span>
        </span>
      </div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('cluster.trends.chart', { label })}
      >
        <defs>
          <linearGradient id={gradient} x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="currentColor" stopOpacity={0.35} />
            <stop offset="100%" stopColor="currentColor" stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <rect className="trend-track" x={0} y={0} width={WIDTH} height={HEIGHT} rx={4} />
        {points.length > 1 && (
          <>
            <polygon
              points={`${first},${HEIGHT} ${points.join(' ')} ${WIDTH},${HEIGHT}`}
              fill={`url(#${gradient})`}
            />
            <polyline
              points={points.join(' ')}
              fill="none"
              stroke="currentColor"
              strokeWidth={1.6}
              vectorEffect="non-scaling-stroke"
            />
          </>
        )}
      </svg>
    </div>
  )
}

/**
 * Beyond SPEC: CPU, memory and (when present) GPU memory in use over the last minutes. The lines are shares of
 * the whole (so the three read on one scale); the heads also give the latest use in the tables' units — cores
 * and bytes — so the chart and the Workers table say the same thing.
 */
export function ResourceTrends({ samples, totals }: { samples: ResourceSample[]; totals: NodeTotals }) {
  const t = useT()
  const gpu = samples.map((sample) => sample.gpuMem).filter((value): value is number => value !== null)
  const bytesOf = (used: number, total: number) =>
    t('cluster.trends.bytes', { used: formatBytes(used), total: formatBytes(total) })
  return (
    <section className="surface cluster-panel" aria-label={t('cluster.trends.title')}>
      <h2>
        {t('cluster.trends.title')} <span className="trend-note muted">{t('cluster.trends.note')}</span>
      </h2>
      <div className="trends">
        <Trend
          label={t('cluster.trends.cpu')}
          values={samples.map((sample) => sample.cpu)}
          colour="cpu"
          amount={t('cluster.trends.cores', {
            used: twoDecimals(totals.cpuUsed),
            total: twoDecimals(totals.cpuTotal),
          })}
        />
        <Trend
          label={t('cluster.trends.memory')}
          values={samples.map((sample) => sample.mem)}
          colour="memory"
          amount={bytesOf(totals.memUsed, totals.memTotal)}
        />
        {gpu.length > 0 && (
          <Trend
            label={t('cluster.trends.gpuMemory')}
            values={gpu}
            colour="gpu"
            amount={bytesOf(totals.gpuMemUsed, totals.gpuMemTotal)}
          />
        )}
      </div>
    </section>
  )
}
