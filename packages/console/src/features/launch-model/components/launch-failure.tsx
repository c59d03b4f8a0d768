import { CopyButton } from '../../../components/copy-button'
import { Notice } from '../../../components/notice'
import { useT } from '../../../i18n/react'
import { readable } from '../../../lib/upstream-errors'

/**
 * A launch's failure, said beside LAUNCH where the user is looking (no toast says it as well): a cluster's error
 * without the actors' addresses it carries, as the toast would show it; Copy keeps the whole message.
 */
export function LaunchFailure({ message }: { message: string }) {
  const t = useT()
  const shown = readable(message)
  return (
    <Notice
      severity="error"
      role="alert"
      action={
        shown !== message && (
          <CopyButton text={message} label={t('shell.errorToast.copyFull')} color="inherit" />
        )
      }
    >
      {shown}
    </Notice>
  )
}
