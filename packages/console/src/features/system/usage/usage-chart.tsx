import { currentIntl } from '../../../i18n/i18n'
import { useT } from '../../../i18n/react'

/**
 * Tokens per step over the period as bars (one per hour or day, empty ones included), named for everyone by its
 * extent and its highest bar (role img); the table below has every figure.
 */
export function UsageChart({
  steps,
  values,
  step,
}: {
  steps: readonly number[]
  values: readonly number[]
  step: 'hour' | 'day'
}) {
  const t = useT()
  const width = 720
  const height = 120
  const top = Math.max(1, ...values)
  const bar = width / Math.max(1, values.length)
  const when = (at: number) =>
    currentIntl().formatDate(
      at * 1000,
      step === 'hour' ? { dateStyle: 'short', timeStyle: 'short' } : { dateStyle: 'medium' },
    )
  const label = t('system.usage.chart', {
    step,
    from: steps.length > 0 ? when(steps[0] ?? 0) : '',
    to: steps.length > 0 ? when(steps.at(-1) ?? 0) : '',
    most: currentIntl().formatNumber(Math.max(0, ...values)),
  })
  return (
    <figure className="usage-chart">
      <figcaption>{t('system.usage.chartTitle', { step })}</figcaption>
      <svg
        viewBox={`0 0 ${String(width)} ${String(height)}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
      >
        {values.map((value, index) => {
          const h = (value / top) * (height - 2)
          return (
            <rect
              key={steps[index] ?? index}
              x={index * bar + bar * 0.1}
              y={height - h}
              width={bar * 0.8}
              height={h}
            />
          )
        })}
        <line x1="0" x2={width} y1={height - 0.5} y2={height - 0.5} />
      </svg>
    </figure>
  )
}
