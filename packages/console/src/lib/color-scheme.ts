import { useSyncExternalStore } from 'react'
import { colorSchemeStore } from './storage'

/** What the header's control offers: a scheme, or whatever the system prefers. */
export type ColorSchemeChoice = 'light' | 'dark' | 'system'

const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)')
const listeners = new Set<() => void>()

/** The scheme shown: the chosen one, or the system's (which can change while the page is open). */
function shown(choice: ColorSchemeChoice): 'light' | 'dark' {
  if (choice !== 'system') return choice
  return systemDark().matches ? 'dark' : 'light'
}

function apply() {
  document.documentElement.setAttribute('data-color-scheme', shown(colorSchemeChoice()))
  for (const listener of listeners) listener()
}

export function colorSchemeChoice(): ColorSchemeChoice {
  return colorSchemeStore.get() ?? 'system'
}

/** Remembers the choice and shows it at once (index.html's script shows it on the next load before any paint). */
export function chooseColorScheme(choice: ColorSchemeChoice): void {
  colorSchemeStore.set(choice === 'system' ? null : choice)
  apply()
}

/** Follows the system's preference while the choice is `system`; from the console's start (main.ts). */
export function followSystemColorScheme(): void {
  systemDark().addEventListener('change', apply)
}

/** The choice, for the header's control; re-renders when it changes. */
export function useColorSchemeChoice(): ColorSchemeChoice {
  return useSyncExternalStore((listener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }, colorSchemeChoice)
}
