import { useEffect, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useT } from '../i18n/react'
import { IconButton } from './button'
import { CloseIcon } from './icons'
import { Notice, type Severity } from './notice'
import './toast.css'

/**
 * A passing message at the top centre (SPEC §9's snackbars), gone after `autoHideMs` or on Close. It is put in a
 * portal of its own when it opens: an open drawer or dialog hides the rest of the page from assistive technology,
 * and the toast must not be part of that rest.
 */
export function Toast({
  severity,
  children,
  action,
  autoHideMs,
  onClose,
}: {
  severity: Severity
  children: ReactNode
  /** More buttons before Close (a Copy). */
  action?: ReactNode
  autoHideMs: number
  onClose: () => void
}) {
  const t = useT()
  useEffect(() => {
    const timer = setTimeout(onClose, autoHideMs)
    return () => clearTimeout(timer)
  }, [onClose, autoHideMs])
  return createPortal(
    <div className="toast">
      <Notice
        severity={severity}
        variant="filled"
        role="alert"
        action={
          <>
            {action}
            <IconButton label={t('common.close')} size="small" color="inherit" onClick={onClose}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
      >
        {children}
      </Notice>
    </div>,
    document.body,
  )
}
