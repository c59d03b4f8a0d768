import { useEffect, useId, useRef, useState } from 'react'
import { useT } from '../i18n/react'
import { SearchIcon } from './icons'
import { Adornment, OutlinedField } from './outlined-field'
import './search-field.css'

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

interface SearchFieldProps {
  value: string
  onChange: (value: string) => void
  /** 'Search' by default. */
  label?: string
  /** SPEC §9: '/' by default. */
  hotkey?: string
}

/**
 * SPEC §2 "Search text field": the hotkey focuses it when pressed outside any field; the hint
 * 'Type / to search' shows while it is empty and unfocused.
 */
export function SearchField({ value, onChange, label, hotkey = '/' }: SearchFieldProps) {
  const t = useT()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [focused, setFocused] = useState(false)

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== hotkey || event.ctrlKey || event.metaKey || event.altKey || isEditable(event.target))
        return
      event.preventDefault()
      input.current?.focus()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [hotkey])

  return (
    <OutlinedField
      label={label ?? t('common.search')}
      htmlFor={id}
      shrink
      className="search-field"
      start={
        <Adornment position="start">
          <SearchIcon fontSize="small" />
        </Adornment>
      }
      // Visible text beside the empty field, gone while typing: a placeholder would not say it as clearly.
      end={
        value === '' && !focused ? (
          <Adornment position="end">
            <span className="search-hint">{t('common.searchHint', { hotkey })}</span>
          </Adornment>
        ) : undefined
      }
    >
      <input
        id={id}
        ref={input}
        className="outlined-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
    </OutlinedField>
  )
}
