import { useCallback, useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { CopyButton } from '../../components/copy-button'
import { Toast } from '../../components/toast'
import { useT } from '../../i18n/react'
import { useAppState } from '../../lib/app-state'
import { readable } from '../../lib/upstream-errors'

/** SPEC §4: the toast hides itself after 10 s. */
export const AUTO_HIDE_MS = 10_000

/**
 * SPEC §4 "Error toast": shows the app's error message; closing it clears the message. It belongs to the screen it
 * was raised on: another screen (a navigation, a successful sign-in) clears it. A cluster's error shows without the
 * actors' addresses it carries; Copy keeps the whole message.
 */
export function ErrorToast() {
  const t = useT()
  const { errorMsg, setErrorMsg } = useAppState()
  const close = useCallback(() => setErrorMsg(''), [setErrorMsg])
  const { pathname } = useLocation()
  const shownOn = useRef(pathname)
  useEffect(() => {
    if (shownOn.current !== pathname) close()
    shownOn.current = pathname
  }, [pathname, close])
  if (errorMsg === '') return null
  const shown = readable(errorMsg)
  return (
    <Toast
      severity="error"
      autoHideMs={AUTO_HIDE_MS}
      onClose={close}
      action={
        shown !== errorMsg && (
          <CopyButton text={errorMsg} label={t('shell.errorToast.copyFull')} color="inherit" />
        )
      }
    >
      {shown}
    </Toast>
  )
}
