import { useCallback, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useCloseOutside } from './use-close-outside'
import { ArrowDropDownIcon } from './icons'
import { OutlinedField } from './outlined-field'
import './listbox.css'
import './text-field.css'

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
  /** Why it is disabled, or what it means: shown on hover. */
  hint?: string | null
}

interface SelectProps {
  label: string
  value: string
  options: readonly (string | SelectOption)[]
  onChange: (value: string) => void
  disabled?: boolean
  helperText?: ReactNode
  error?: string | null
  className?: string
}

const asOption = (option: string | SelectOption): SelectOption =>
  typeof option === 'string' ? { value: option, label: option } : option

/**
 * The console's single-choice field: WAI-ARIA's select-only combobox (the focus stays on the field, arrows move
 * through the options, Enter or Space picks, Escape closes, typing a letter jumps to an option starting with it),
 * drawn in the outlined field, showing the chosen option's label as its text.
 */
export function Select({
  label,
  value,
  options,
  onChange,
  disabled = false,
  helperText,
  error,
  className,
}: SelectProps) {
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const close = useCallback(() => setOpen(false), [])
  const [active, setActive] = useState(0)
  const items = options.map(asOption)
  const chosen = items.find((item) => item.value === value)
  const below = error ?? helperText

  useCloseOutside(root, open, close)

  const show = () => {
    if (disabled || items.length === 0) return
    setActive(Math.max(items.indexOf(chosen as SelectOption), 0))
    setOpen(true)
  }
  const pick = (index: number) => {
    const item = items[index]
    if (!item || item.disabled) return
    onChange(item.value)
    setOpen(false)
  }
  /** The next option from `from` in `step`'s direction that can be picked. */
  const next = (from: number, step: number) => {
    for (let index = from + step; index >= 0 && index < items.length; index += step) {
      if (!items[index]?.disabled) return index
    }
    return from
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: next(active, 1),
      ArrowUp: next(active, -1),
      Home: next(-1, 1),
      End: next(items.length, -1),
    }
    if (event.key === 'Tab') return setOpen(false)
    if (event.key === 'Escape' && open) setOpen(false)
    else if (!open && ['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) show()
    else if (open && event.key in moves) setActive(moves[event.key] as number)
    else if (open && (event.key === 'Enter' || event.key === ' ')) pick(active)
    else if (event.key.length === 1 && /\S/.test(event.key)) {
      const letter = event.key.toLowerCase()
      const found = items.findIndex((item) => !item.disabled && item.label.toLowerCase().startsWith(letter))
      if (found < 0) return
      if (open) setActive(found)
      else pick(found)
    } else return
    event.preventDefault()
  }

  return (
    <div className={`text-field ${className ?? ''}`}>
      <OutlinedField
        rootRef={root}
        label={label}
        htmlFor={id}
        shrink={Boolean(chosen)}
        error={Boolean(error)}
        disabled={disabled}
        className={open ? 'select-field select-field-open' : 'select-field'}
        end={<ArrowDropDownIcon />}
      >
        {/* The label names the combobox; its text is the chosen option. */}
        <div
          id={id}
          className="outlined-input select-value"
          role="combobox"
          tabIndex={disabled ? -1 : 0}
          aria-labelledby={`${id}-label`}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-disabled={disabled || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={below ? `${id}-below` : undefined}
          aria-controls={open ? `${id}-options` : undefined}
          aria-activedescendant={open ? `${id}-${String(active)}` : undefined}
          onClick={() => (open ? setOpen(false) : show())}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        >
          {chosen?.label ?? ''}
        </div>
        {open && (
          <ul
            role="listbox"
            id={`${id}-options`}
            className="listbox"
            aria-labelledby={`${id}-label`}
            // Keeps the focus on the field while an option is clicked.
            onMouseDown={(event) => event.preventDefault()}
          >
            {items.map((item, index) => (
              <li
                key={item.value}
                id={`${id}-${String(index)}`}
                role="option"
                aria-selected={item.value === value}
                aria-disabled={item.disabled || undefined}
                data-active={index === active}
                title={item.hint ?? undefined}
                onClick={() => pick(index)}
                onMouseEnter={() => setActive(index)}
              >
                {item.label}
              </li>
            ))}
          </ul>
        )}
      </OutlinedField>
      {below ? (
        <p id={`${id}-below`} className={error ? 'field-below field-below-error' : 'field-below'}>
          {below}
        </p>
      ) : null}
    </div>
  )
}
