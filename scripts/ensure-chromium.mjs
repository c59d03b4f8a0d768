// Installs Debian's Chromium when it is missing: end-to-end tests drive /usr/bin/chromium, and Playwright's own
// browser download cannot reach its host here.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`No Chromium at ${CHROMIUM}; install one and set CHROMIUM_PATH.`)
  }
  console.log('Installing Chromium with apt-get (about a minute)…')
  const sudo = process.getuid?.() === 0 ? [] : ['sudo']
  const run = (args) =>
    execFileSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), { stdio: 'inherit' })
  run(['apt-get', 'update', '-qq'])
  run(['apt-get', 'install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'])
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium()
