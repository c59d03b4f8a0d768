import './spinner.css'

/** MUI's indeterminate CircularProgress as plain SVG: the spinning ring alone, sized by its font size. */
export function SpinnerIcon() {
  return (
    <svg className="spinner-ring icon" viewBox="22 22 44 44" aria-hidden="true" focusable="false">
      <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
    </svg>
  )
}

/** What shows while something loads (the sign-in check, a screen's code on its way), named for assistive technology. */
export function Spinner({ label }: { label: string }) {
  return (
    <span className="spinner" role="progressbar" aria-label={label}>
      <SpinnerIcon />
    </span>
  )
}
