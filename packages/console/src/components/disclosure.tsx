import { useId, useState, type ReactNode } from 'react'
import { ExpandMoreIcon } from './icons'
import './disclosure.css'

/**
 * A section that opens and closes by a button (WAI-ARIA's disclosure): the launch form's optional sections, the
 * register forms' JSON panel. `summary` is the button's content; it starts open when `initiallyOpen`.
 */
export function Disclosure({
  summary,
  initiallyOpen = false,
  outlined = false,
  children,
}: {
  summary: ReactNode
  initiallyOpen?: boolean
  /** Drawn as a card, its button across the top (the JSON panel), or as a text button alone. */
  outlined?: boolean
  children: ReactNode
}) {
  const id = useId()
  const [open, setOpen] = useState(initiallyOpen)
  return (
    <div className={outlined ? 'disclosure disclosure-outlined' : 'disclosure'}>
      <button
        type="button"
        className="disclosure-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <span className="disclosure-summary">{summary}</span>
        <span className={open ? 'disclosure-mark disclosure-mark-open' : 'disclosure-mark'}>
          <ExpandMoreIcon />
        </span>
      </button>
      <div id={id} className="disclosure-content" hidden={!open}>
        {children}
      </div>
    </div>
  )
}
