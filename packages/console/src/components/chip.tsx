import type { MouseEvent, ReactNode } from 'react'
import './chip.css'

/**
 * SPEC's chips on the Launch page (language and family tags, Cached, Deleted, the chosen filters) as plain elements
 * styled by `chip.css` (docs/decisions/0022). Only the Register page's language picker draws MUI's Chip: MUI's
 * Autocomplete hands its chips MUI's props.
 */
interface ChipProps {
  label: string
  tone?: 'default' | 'primary' | 'success' | 'warning' | 'error'
  /** A button at the chip's end (remove, manage): its click stays its own, not the card's around it. */
  action?: { label: string; icon: ReactNode; onClick: () => void }
}

export function Chip({ label, tone = 'default', action }: ChipProps) {
  const onClick = (event: MouseEvent) => {
    event.stopPropagation()
    action?.onClick()
  }
  return (
    <span className={tone === 'default' ? 'chip' : `chip chip-${tone}`}>
      {label}
      {action && (
        <button type="button" className="chip-action" aria-label={action.label} onClick={onClick}>
          {action.icon}
        </button>
      )}
    </span>
  )
}
