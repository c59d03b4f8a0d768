import './sparkline.css'

/**
 * A small line chart of a series (a model's last hour, minute by minute): no axes, its extent said in `label`,
 * which names it for everyone (role img). Gaps (null) are drawn as zero.
 */
export function Sparkline({ values, label }: { values: readonly (number | null)[]; label: string }) {
  const width = 240
  const height = 40
  const top = Math.max(1, ...values.map((value) => value ?? 0))
  const step = values.length > 1 ? width / (values.length - 1) : width
  const points = values
    .map(
      (value, index) =>
        `${(index * step).toFixed(1)},${(height - 2 - ((value ?? 0) / top) * (height - 4)).toFixed(1)}`,
    )
    .join(' ')
  return (
    <svg className="sparkline" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <polyline points={points} fill="none" />
    </svg>
  )
}
