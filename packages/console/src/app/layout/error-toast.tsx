import { lazy, Suspense } from 'react'
import { useAppState } from '../../lib/app-state'

// MUI's Snackbar and Alert come with the first message: the first screen renders no styled component (issue 14).
const ErrorToastView = lazy(async () => ({ default: (await import('./error-toast-view')).ErrorToastView }))

/** SPEC §4 "Error toast": shows the app's error message; closing it clears the message. */
export function ErrorToast() {
  const { errorMsg, setErrorMsg } = useAppState()
  if (errorMsg === '') return null
  return (
    <Suspense>
      <ErrorToastView message={errorMsg} onClose={() => setErrorMsg('')} />
    </Suspense>
  )
}
