import { useEffect, useState } from 'react'
import { useT } from '../i18n/react'
import { IconButton } from './button'
import { ContentCopyOutlinedIcon } from './icons'
import './copy-button.css'

/** Copies text; 'Copied to clipboard!' shows for 1.5 s (SPEC §9), and is read out. */
export function CopyButton({
  text,
  label,
  color,
}: {
  text: string
  /** Its name; 'Copy' by default. */
  label?: string
  /** `inherit` on a coloured surface (a filled notice). */
  color?: 'inherit'
}) {
  const t = useT()
  const name = label ?? t('common.copy')
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
      <IconButton label={name} title={name} size="small" color={color} onClick={() => void copy()}>
        <ContentCopyOutlinedIcon fontSize="small" />
      </IconButton>
      {/* Read out when it appears; shown above the button as a tooltip. */}
      <span role="status">
        {copied && (
          <span role="tooltip" className="copy-button-said">
            {t('common.copied')}
          </span>
        )}
      </span>
    </span>
  )
}
