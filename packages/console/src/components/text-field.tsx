import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import { Adornment, OutlinedField } from './outlined-field'
import './text-field.css'

interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement>,
  'onChange' | 'value' | 'size'
> {
  label: string
  value: string | number
  onChange: (value: string) => void
  /** A line under the field; an `error` message takes its place, and any error colours the field. */
  helperText?: ReactNode
  error?: string | boolean | null
  /** A text area of at least this many rows. */
  multiline?: boolean
  rows?: number
  /** After the input, inside the outline (a button, a unit). */
  end?: ReactNode
  className?: string
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>
}

/** The console's text field: an outlined input (or text area) with its label and a line of help or error under it. */
export function TextField({
  label,
  value,
  onChange,
  helperText,
  error,
  multiline = false,
  rows = 3,
  end,
  className,
  inputRef,
  id,
  placeholder,
  disabled,
  required,
  onFocus,
  onBlur,
  ...rest
}: TextFieldProps) {
  const generated = useId()
  const inputId = id ?? generated
  const [focused, setFocused] = useState(false)
  const below = typeof error === 'string' ? error : helperText
  const props = {
    ...rest,
    id: inputId,
    ref: inputRef,
    className: multiline ? 'outlined-input outlined-textarea' : 'outlined-input',
    value,
    placeholder: focused || value === '' ? placeholder : undefined,
    disabled,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': below ? `${inputId}-below` : undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    onFocus: (event: React.FocusEvent<HTMLInputElement & HTMLTextAreaElement>) => {
      setFocused(true)
      onFocus?.(event)
    },
    onBlur: (event: React.FocusEvent<HTMLInputElement & HTMLTextAreaElement>) => {
      setFocused(false)
      onBlur?.(event)
    },
  }
  return (
    <div className={`text-field ${className ?? ''}`}>
      <OutlinedField
        label={label}
        htmlFor={inputId}
        shrink={focused || String(value) !== '' || Boolean(placeholder)}
        error={Boolean(error)}
        disabled={disabled}
        required={required}
        end={end ? <Adornment position="end">{end}</Adornment> : undefined}
      >
        {multiline ? <textarea rows={rows} {...props} /> : <input {...props} />}
      </OutlinedField>
      {below ? (
        <p
          id={`${inputId}-below`}
          className={typeof error === 'string' ? 'field-below field-below-error' : 'field-below'}
        >
          {below}
        </p>
      ) : null}
    </div>
  )
}
