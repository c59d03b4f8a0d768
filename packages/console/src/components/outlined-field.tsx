import type { ReactNode, Ref } from 'react'
import './outlined-field.css'

/** After a required field's label: a mark, the same in every language. */
const REQUIRED_MARK = ' *'

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
  error?: boolean
  disabled?: boolean
  /** An asterisk after the label (the input itself says `required` to assistive technology). */
  required?: boolean
}

/**
 * The outline every field of the console is drawn in (label, notched outline, adornments; `outlined-field.css`):
 * the text fields, selects and the search.
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
  error = false,
  disabled = false,
  required = false,
}: OutlinedFieldProps) {
  const mark = required ? <span aria-hidden="true">{REQUIRED_MARK}</span> : null
  const classes = ['outlined-field', shrink && 'outlined-field-shrunk', error && 'outlined-field-error']
  if (disabled) classes.push('outlined-field-disabled')
  return (
    <div ref={rootRef} className={[...classes, className].filter(Boolean).join(' ')}>
      <label className="outlined-label" htmlFor={htmlFor} id={`${htmlFor}-label`}>
        {label}
        {mark}
      </label>
      <div className={`outlined-box${start ? ' outlined-box-start' : ''}${end ? ' outlined-box-end' : ''}`}>
        {start}
        {children}
        {end}
        <fieldset aria-hidden="true" className="outlined-outline">
          <legend>
            <span>
              {label}
              {mark}
            </span>
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
