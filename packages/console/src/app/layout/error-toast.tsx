import { Component, lazy, Suspense, useCallback, useEffect, type ReactNode } from 'react'
import { themed } from '../../components/themed'
import { useAppState } from '../../lib/app-state'
import { readable } from '../../lib/upstream-errors'
import './error-toast.css'

/** SPEC §4: the toast hides itself after 10 s. */
export const AUTO_HIDE_MS = 10_000
/** How long after the shell's first render the toast's code is fetched. */
const WARM_AFTER_MS = 2000

// MUI's Snackbar and Alert are not on the first screen, which renders no styled component (issue 14): their code is
// fetched once the page has settled, while the server that just sent the page is there to send it. (The toast's
// most common message is that the server cannot be reached.)
const loadView = () => themed(async () => (await import('./error-toast-view')).ErrorToastView)
const ErrorToastView = lazy(async () => ({ default: await loadView() }))

/** SPEC §4 "Error toast": shows the app's error message; closing it clears the message. */
export function ErrorToast() {
  const { errorMsg, setErrorMsg } = useAppState()
  const close = useCallback(() => setErrorMsg(''), [setErrorMsg])
  useEffect(() => {
    const warm = () => void loadView().catch(() => undefined)
    // After the opening screen's work (its first cards), in an idle moment; Safari has no requestIdleCallback.
    let idle = 0
    const timer = setTimeout(() => {
      if ('requestIdleCallback' in window) idle = requestIdleCallback(warm, { timeout: 5000 })
      else warm()
    }, WARM_AFTER_MS)
    return () => {
      clearTimeout(timer)
      if (idle) cancelIdleCallback(idle)
    }
  }, [])
  if (errorMsg === '') return null
  return (
    <OrPlain plain={<PlainToast message={errorMsg} onClose={close} />}>
      <Suspense>
        <ErrorToastView message={errorMsg} onClose={close} />
      </Suspense>
    </OrPlain>
  )
}

/** The MUI toast, or, if its code could not be had, the plain one: a message must not end in the error screen. */
class OrPlain extends Component<{ plain: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    return this.state.failed ? this.props.plain : this.props.children
  }
}

/** The message at the top centre, gone after 10 s or on a click. */
function PlainToast({ message, onClose }: { message: string; onClose: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, AUTO_HIDE_MS)
    return () => clearTimeout(timer)
  }, [onClose])
  return (
    <div role="alert" className="plain-toast">
      {readable(message)}
      <button type="button" className="plain-toast-close" aria-label="Close" onClick={onClose}>
        ×
      </button>
    </div>
  )
}
