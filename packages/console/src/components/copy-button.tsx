import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import { useEffect, useState } from 'react'

/** Copies text; 'Copied to clipboard!' shows for 1.5 s (SPEC §9). */
export function CopyButton({
  text,
  label = 'Copy',
  color,
}: {
  text: string
  label?: string
  /** `inherit` on a coloured surface (a filled alert). */
  color?: 'inherit'
}) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 1500)
    return () => clearTimeout(timer)
  }, [copied])

  const copy = async () => {
    await navigator.clipboard.writeText(text)
    setCopied(true)
  }

  return (
    <Tooltip title={copied ? 'Copied to clipboard!' : label} open={copied || undefined} placement="top">
      <IconButton size="small" aria-label={label} color={color} onClick={() => void copy()}>
        <ContentCopyOutlined fontSize="inherit" />
      </IconButton>
    </Tooltip>
  )
}
