import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { AREAS } from '../i18n/catalogue'
import { loadAreasShown } from '../i18n/i18n'
import { matchNothing } from '../lib/match-nothing'
import { tokenCookie } from '../lib/storage'

// jsdom lays nothing out: no media query matches (a phone's layout is the end-to-end tests').
window.matchMedia = matchNothing

// A test renders a screen's parts without the screen's load, which fetches its messages (app/screens.ts): every
// area is here from the start.
await loadAreasShown(AREAS)

afterEach(() => {
  cleanup()
  sessionStorage.clear()
  localStorage.clear()
  tokenCookie.remove()
})
