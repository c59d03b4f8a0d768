import SearchIcon from '@mui/icons-material/Search'
import FormControl from '@mui/material/FormControl'
import InputAdornment from '@mui/material/InputAdornment'
import InputLabel from '@mui/material/InputLabel'
import OutlinedInput from '@mui/material/OutlinedInput'
import Typography from '@mui/material/Typography'
import { useEffect, useId, useRef, useState } from 'react'

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

interface SearchFieldProps {
  value: string
  onChange: (value: string) => void
  label?: string
  /** SPEC §9: '/' by default. */
  hotkey?: string
}

/**
 * SPEC §2 "Search text field": the hotkey focuses it when pressed outside any field; the hint
 * 'Type / to search' shows while it is empty and unfocused.
 */
export function SearchField({ value, onChange, label = 'Search', hotkey = '/' }: SearchFieldProps) {
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
    // An outlined field of MUI's parts rather than TextField, which brings every input variant and the select menu.
    <FormControl size="small" sx={{ minWidth: 280 }}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        inputRef={input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        label={label}
        notched
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon fontSize="small" />
          </InputAdornment>
        }
        // Visible text beside the empty field, gone while typing: a placeholder would not say it as clearly.
        endAdornment={
          value === '' && !focused ? (
            <InputAdornment position="end" sx={{ pointerEvents: 'none' }}>
              <Typography
                variant="body2"
                component="span"
                sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}
              >
                Type {hotkey} to search
              </Typography>
            </InputAdornment>
          ) : undefined
        }
      />
    </FormControl>
  )
}
