import { useT } from '../i18n/react'
import { toastMessageFor } from '../lib/api-client'
import { ErrorNotice } from './error-notice'

/**
 * A list or screen that could not be loaded says so where its content would be — never as an empty list — with
 * the reason and a Retry.
 */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const t = useT()
  return (
    <div className="load-error">
      <ErrorNotice title={title} onRetry={onRetry}>
        {toastMessageFor(error) ?? (error instanceof Error ? error.message : t('common.error.unknown'))}
      </ErrorNotice>
    </div>
  )
}
