import type { Theme } from '@mui/material/styles'
import type { MouseEvent, ReactNode } from 'react'

/**
 * SPEC's chips on the Launch page (language and family tags, Cached, Deleted, the chosen filters) as plain elements,
 * styled by class inside a styled element that spreads `chipStyles`: MUI's Chip was 2.3 kB of the first screen's
 * code, and each one a styled component for emotion to serialise on every render of a card. The lazy screens keep
 * MUI's Chip: the Register page's language picker needs the props MUI's Autocomplete hands its chips.
 */
export const chipStyles = (theme: Theme) => ({
  '& .chip': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 2,
    boxSizing: 'border-box' as const,
    height: 24,
    padding: '0 8px',
    borderRadius: 12,
    border: `1px solid ${theme.palette.grey[400]}`,
    color: theme.palette.text.primary,
    fontSize: 12,
    whiteSpace: 'nowrap' as const,
  },
  '& .chip-primary': { borderColor: theme.palette.primary.main, color: theme.palette.primary.main },
  '& .chip-success': { borderColor: theme.palette.success.main, color: theme.palette.success.dark },
  '& .chip-error': {
    borderColor: theme.palette.error.main,
    background: theme.palette.error.main,
    color: theme.palette.error.contrastText,
  },
  '& .chip-action': {
    display: 'inline-flex',
    marginRight: -4,
    padding: 0,
    border: 0,
    borderRadius: '50%',
    background: 'transparent',
    color: 'inherit',
    opacity: 0.7,
    cursor: 'pointer',
    '& svg': { fontSize: 16 },
    '&:hover': { opacity: 1 },
    '&:focus-visible': { opacity: 1, outline: `2px solid ${theme.palette.primary.main}` },
  },
})

interface ChipProps {
  label: string
  tone?: 'default' | 'primary' | 'success' | 'error'
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
