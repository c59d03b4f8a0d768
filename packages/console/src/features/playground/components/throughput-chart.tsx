import type { BenchmarkReport } from '@serving-console/contract'
import { useT } from '../../../i18n/react'

const WIDTH = 480
const HEIGHT = 200
const PAD = { left: 48, right: 12, top: 12, bottom: 32 }
/** A line's colour by its place among the reports shown (the tokens' chart series). */
const SERIES = [
  'var(--sc-palette-primary-main)',
  'var(--sc-palette-secondary-main)',
  'var(--sc-palette-warning-main)',
]

/**
 * Tokens a second in all against the users at once, one line a report: where the model stops scaling. The table
 * beside it holds the same figures for whoever does not see the drawing.
 */
export function ThroughputChart({ reports }: { reports: readonly BenchmarkReport[] }) {
  const t = useT()
  const points = reports.flatMap((report) => report.levels)
  if (points.length === 0) return null
  const maxX = Math.max(...points.map((level) => level.concurrency), 1)
  const maxY = Math.max(...points.map((level) => level.tokens_per_second), 1)
  const x = (value: number) => PAD.left + (value / maxX) * (WIDTH - PAD.left - PAD.right)
  const y = (value: number) => HEIGHT - PAD.bottom - (value / maxY) * (HEIGHT - PAD.top - PAD.bottom)
  const ticks = [...new Set(points.map((level) => level.concurrency))].sort((a, b) => a - b)
  return (
    <figure className="benchmark-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('playground.bench.chartLabel')}
        preserveAspectRatio="xMidYMid meet"
      >
        <line
          x1={PAD.left}
          y1={HEIGHT - PAD.bottom}
          x2={WIDTH - PAD.right}
          y2={HEIGHT - PAD.bottom}
          className="benchmark-axis"
        />
        <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={HEIGHT - PAD.bottom} className="benchmark-axis" />
        {ticks.map((tick) => (
          <text
            key={tick}
            x={x(tick)}
            y={HEIGHT - PAD.bottom + 16}
            textAnchor="middle"
            className="benchmark-tick"
          >
            {tick}
          </text>
        ))}
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className="benchmark-tick">
          {Math.round(maxY)}
        </text>
        <text x={PAD.left - 6} y={HEIGHT - PAD.bottom} textAnchor="end" className="benchmark-tick">
          0
        </text>
        {reports.map((report, index) => (
          <g key={report.id} style={{ color: SERIES[index % SERIES.length] }}>
            <polyline
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              points={report.levels
                .map((level) => `${x(level.concurrency)},${y(level.tokens_per_second)}`)
                .join(' ')}
            />
            {report.levels.map((level) => (
              <circle
                key={level.concurrency}
                cx={x(level.concurrency)}
                cy={y(level.tokens_per_second)}
                r={3}
                fill="currentColor"
              />
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="muted">
        {t('playground.bench.chartCaption')}
        {reports.map((report, index) => (
          <span key={report.id} className="benchmark-legend">
            <svg viewBox="0 0 10 10" aria-hidden="true" style={{ color: SERIES[index % SERIES.length] }}>
              <circle cx={5} cy={5} r={4} fill="currentColor" />
            </svg>
            {`#${report.id}`}
          </span>
        ))}
      </figcaption>
    </figure>
  )
}
