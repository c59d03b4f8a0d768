import type { ReactNode, Ref } from 'react'
import './outlined-field.css'

interface OutlinedFieldProps {
  label: string
  /** The id of the input inside, which the label names. */
  htmlFor: string
  /** Keep the label small above the field, as when it is focused or filled. */
  shrink: boolean
  /** Before and after the input, inside the outline. */
  start?: ReactNode
  end?: ReactNode
  /** The input: a plain <input className="outlined-input">. */
  children: ReactNode
  className?: string
  rootRef?: Ref<HTMLDivElement>
}

/**
 * MUI's small outlined field (label, notched outline, adornments) drawn by `outlined-field.css`, for the first
 * screen's search and filters: it renders no styled component, so that neither emotion nor MUI's styling runs before
 * the first card (issue 14). The lazy screens keep MUI's TextField.
 */
export function OutlinedField({
  label,
  htmlFor,
  shrink,
  start,
  end,
  children,
  className,
  rootRef,
}: OutlinedFieldProps) {
  return (
    <div
      ref={rootRef}
      className={`outlined-field${shrink ? ' outlined-field-shrunk' : ''} ${className ?? ''}`}
    >
      <label className="outlined-label" htmlFor={htmlFor}>
        {label}
      </label>
      <div className={`outlined-box${start ? ' outlined-box-start' : ''}${end ? ' outlined-box-end' : ''}`}>
        {start}
        {children}
        {end}
        <fieldset aria-hidden="true" className="outlined-outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
    </div>
  )
}

/** MUI's InputAdornment: beside the input, in the action colour. */
export function Adornment({ position, children }: { position: 'start' | 'end'; children: ReactNode }) {
  return <span className={`outlined-adornment outlined-adornment-${position}`}>{children}</span>
}
