import './spinner.css'

/**
 * MUI's indeterminate CircularProgress drawn by `spinner.css`, for what shows before a screen (the sign-in check, a
 * screen's code on its way): the first screen renders no styled component (issue 14).
 */
export function Spinner({ label }: { label: string }) {
  return (
    <span className="spinner" role="progressbar" aria-label={label}>
      <svg viewBox="22 22 44 44">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  )
}
