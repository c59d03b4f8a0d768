import type { ReactNode } from 'react'
import { ErrorOutlineIcon } from './icons'
import './button.css'
import './error-notice.css'

/**
 * MUI's outlined error Alert with a title and a Retry, drawn by `error-notice.css`: it can show on the first screen,
 * which renders no styled component (issue 14).
 */
export function ErrorNotice({
  title,
  children,
  onRetry,
}: {
  title: string
  children: ReactNode
  onRetry: () => void
}) {
  return (
    <div role="alert" className="error-notice">
      <span className="error-notice-icon">
        <ErrorOutlineIcon />
      </span>
      <div className="error-notice-message">
        <div className="error-notice-title">{title}</div>
        {children}
      </div>
      <div className="error-notice-action">
        <button type="button" className="button button-small-text" onClick={onRetry}>
          Retry
        </button>
      </div>
    </div>
  )
}
