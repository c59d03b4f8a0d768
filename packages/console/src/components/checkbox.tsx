import type { ReactNode } from 'react'
import './checkbox.css'

interface ToggleProps {
  label: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
  /** `switch` draws a switch (and says so to assistive technology); `checkbox` a check box. */
  kind?: 'checkbox' | 'switch'
}

/** A check box or a switch with its label, a native input underneath (checkbox.css). */
export function Checkbox({ label, checked, onChange, disabled = false, kind = 'checkbox' }: ToggleProps) {
  return (
    <label className={`toggle toggle-${kind}${disabled ? ' toggle-disabled' : ''}`}>
      <input
        type="checkbox"
        role={kind === 'switch' ? 'switch' : undefined}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="toggle-mark" aria-hidden="true" />
      <span className="toggle-label">{label}</span>
    </label>
  )
}
