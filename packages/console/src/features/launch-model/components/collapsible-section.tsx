import ExpandMore from '@mui/icons-material/ExpandMore'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Collapse from '@mui/material/Collapse'
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
