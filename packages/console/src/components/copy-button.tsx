import { useEffect, useState } from 'react'
import { IconButton } from './button'
import { ContentCopyOutlinedIcon } from './icons'
import './copy-button.css'

/** Copies text; 'Copied to clipboard!' shows for 1.5 s (SPEC §9), and is read out. */
export function CopyButton({
  text,
  label = 'Copy',
  color,
}: {
  text: string
  label?: string
  /** `inherit` on a coloured surface (a filled notice). */
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
    <span className="copy-button">
      <IconButton label={label} title={label} size="small" color={color} onClick={() => void copy()}>
        <ContentCopyOutlinedIcon fontSize="small" />
      </IconButton>
      {/* Read out when it appears; shown above the button as a tooltip. */}
      <span role="status">
        {copied && (
          <span role="tooltip" className="copy-button-said">
            Copied to clipboard!
          </span>
        )}
      </span>
    </span>
  )
}
