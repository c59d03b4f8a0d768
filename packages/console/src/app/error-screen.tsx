import { useLayoutEffect } from 'react'
import { Button } from '../components/button'
import { useT } from '../i18n/react'
import { revealConsole } from './shell/prerendered-shell'
import './error-screen.css'

function describe(error: unknown): string {
  if (error instanceof Error) return error.message
  return String(error)
}

/** The fallback for anything a screen throws: SPEC's 'Unexpected Application Error!' with its message. */
export function ErrorScreen({ error }: { error: unknown }) {
  const t = useT()
  useLayoutEffect(revealConsole, [])
  return (
    <main className="error-screen">
      <div role="alert">
        <h1>{t('shell.errorScreen.title')}</h1>
        <pre>{describe(error)}</pre>
      </div>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('shell.errorScreen.reload')}
      </Button>
    </main>
  )
}
