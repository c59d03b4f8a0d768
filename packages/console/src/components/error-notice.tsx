import type { ReactNode } from 'react'
import { useT } from '../i18n/react'
import { Button } from './button'
import { Notice } from './notice'

/** What could not be loaded, where it would have been, with the reason and a Retry. */
export function ErrorNotice({
  title,
  children,
  onRetry,
}: {
  title: string
  children: ReactNode
  onRetry: () => void
}) {
  const t = useT()
  return (
    <Notice
      severity="error"
      role="alert"
      title={title}
      action={
        <Button size="small" color="inherit" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {children}
    </Notice>
  )
}
