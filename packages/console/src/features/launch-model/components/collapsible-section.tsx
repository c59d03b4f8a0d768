import ExpandMore from '@mui/icons-material/ExpandMore'
import { Box, Button, Collapse } from '@mui/material'
import { useState, type ReactNode } from 'react'

/** A section that opens on click; it starts open when it holds saved values (SPEC §4). */
export function CollapsibleSection({
  title,
  initiallyOpen,
  children,
}: {
  title: string
  initiallyOpen: boolean
  children: ReactNode
}) {
  const [open, setOpen] = useState(initiallyOpen)
  return (
    <Box>
      <Button
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        endIcon={
          <ExpandMore sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
        }
        sx={{ px: 0 }}
      >
        {title}
      </Button>
      <Collapse in={open}>
        <Box sx={{ pt: 1, display: 'grid', gap: 2 }}>{children}</Box>
      </Collapse>
    </Box>
  )
}
