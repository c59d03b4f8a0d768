import './launch-progress.css'

/** A determinate progress bar (0–100 %), named for assistive technology by `label`. */
export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span style={{ width: `${String(percent)}%` }} />
    </div>
  )
}
