import type { ReactNode } from 'react'
import {
  CheckCircleOutlinedIcon,
  ErrorOutlineIcon,
  InfoOutlinedIcon,
  WarningAmberOutlinedIcon,
} from './icons'
import './notice.css'

export type Severity = 'error' | 'warning' | 'info' | 'success'

const ICONS = {
  error: ErrorOutlineIcon,
  warning: WarningAmberOutlinedIcon,
  info: InfoOutlinedIcon,
  success: CheckCircleOutlinedIcon,
}

interface NoticeProps {
  severity: Severity
  /** A first line in bold. */
  title?: ReactNode
  children?: ReactNode
  /** Buttons at the end. */
  action?: ReactNode
  /** `filled`: the strong colour (the toast); `standard`: a tint (in a page). */
  variant?: 'standard' | 'filled'
  /** `alert` for what just went wrong, so that it is read out; none for what stays on the page. */
  role?: 'alert' | 'status'
  className?: string
}

/** A message in the page or a toast, in its severity's colours (notice.css): MUI's Alert, once. */
export function Notice({
  severity,
  title,
  children,
  action,
  variant = 'standard',
  role,
  className,
}: NoticeProps) {
  const Icon = ICONS[severity]
  return (
    <div role={role} className={`notice notice-${severity} notice-${variant} ${className ?? ''}`}>
      <span className="notice-icon">
        <Icon />
      </span>
      <div className="notice-message">
        {title ? <div className="notice-title">{title}</div> : null}
        {children}
      </div>
      {action ? <div className="notice-action">{action}</div> : null}
    </div>
  )
}
