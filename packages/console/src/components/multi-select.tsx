import { memo, useCallback, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useCloseOutside } from './use-close-outside'
import { ArrowDropDownIcon } from './icons'
import { OutlinedField } from './outlined-field'
import './listbox.css'
import './multi-select.css'

interface MultiSelectProps {
  label: string
  options: readonly string[]
  value: readonly string[]
  onChange: (value: string[]) => void
}

/**
 * A field that chooses any number of options, drawn as MUI's outlined select. Written here (WAI-ARIA's select-only
 * combobox: the focus stays on the field, arrows move through the options, Enter or Space picks, Escape closes)
 * because MUI's Select brings its menu, popover, modal and every input variant to the first screen, ~15 KiB gzip;
 * styled by `multi-select.css` (docs/decisions/0013, 0022).
 * Memoised: the search beside it re-renders the filter bar on every keystroke.
 */
export const MultiSelect = memo(function MultiSelect({ label, options, value, onChange }: MultiSelectProps) {
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const close = useCallback(() => setOpen(false), [])
  const [active, setActive] = useState(0)

  useCloseOutside(root, open, close)

  const toggle = (option: string) =>
    onChange(value.includes(option) ? value.filter((v) => v !== option) : [...value, option])

  const show = () => {
    const first = options.findIndex((option) => value.includes(option))
    setActive(Math.max(first, 0))
    setOpen(true)
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number | undefined> = {
      ArrowDown: Math.min(active + 1, options.length - 1),
      ArrowUp: Math.max(active - 1, 0),
      Home: 0,
      End: options.length - 1,
    }
    if (event.key === 'Tab') return setOpen(false)
    if (event.key === 'Escape' && open) setOpen(false)
    else if (!open && ['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) show()
    else if (open && moves[event.key] !== undefined) setActive(moves[event.key] as number)
    else if (open && (event.key === 'Enter' || event.key === ' ')) toggle(options[active] as string)
    else return
    event.preventDefault()
  }

  return (
    <OutlinedField
      rootRef={root}
      label={label}
      htmlFor={id}
      shrink={value.length > 0}
      className={open ? 'multi-select select-field select-field-open' : 'multi-select select-field'}
      end={<ArrowDropDownIcon />}
    >
      <input
        id={id}
        className="outlined-input"
        value={value.join(', ')}
        readOnly
        onClick={() => (open ? setOpen(false) : show())}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-options` : undefined}
        aria-activedescendant={open ? `${id}-${String(active)}` : undefined}
      />
      {open && (
        <ul
          role="listbox"
          id={`${id}-options`}
          className="listbox"
          aria-label={label}
          aria-multiselectable
          // Keeps the focus on the field while an option is clicked.
          onMouseDown={(event) => event.preventDefault()}
        >
          {options.map((option, index) => (
            <li
              key={option}
              id={`${id}-${String(index)}`}
              role="option"
              aria-selected={value.includes(option)}
              data-active={index === active}
              onClick={() => toggle(option)}
              onMouseEnter={() => setActive(index)}
            >
              {option}
            </li>
          ))}
        </ul>
      )}
    </OutlinedField>
  )
})
