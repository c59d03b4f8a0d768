import { useSyncExternalStore } from 'react'

/**
 * Whether the first screen is shown and the page has had a quiet moment since. What every screen reads beside its
 * own content (the header's operations tray, the needs-attention strip, the alerts badge) waits for it, so that on a
 * first visit their requests, answers and renders do not share the machine with the first screen's
 * (docs/decisions/0027). A page with no prerendered screen to take over from (the tests, the dev server, an
 * address the build does not prerender) has nothing to wait for.
 */
let settled = typeof document === 'undefined' || document.getElementById('shell') === null
const listeners = new Set<() => void>()

function settle() {
  settled = true
  for (const listener of listeners) listener()
}

/** Called as the console takes the prerendered screen's place: settled after the next frame and an idle moment. */
export function firstScreenShown(): void {
  if (settled) return
  requestAnimationFrame(() => {
    // At most a second later, however busy the page is (Safari has no idle callbacks).
    if (typeof requestIdleCallback === 'function') requestIdleCallback(settle, { timeout: 1000 })
    else setTimeout(settle, 0)
  })
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** `useQuery`'s `enabled` for what is not the screen's own content: false until the first screen has settled. */
export const useAfterFirstScreen = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => settled,
    () => settled,
  )
