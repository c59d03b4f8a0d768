import { Button } from '../components/button'
import './error-screen.css'

function describe(error: unknown): string {
  if (error instanceof Error) return error.message
  return String(error)
}

/** The fallback for anything a screen throws: SPEC's 'Unexpected Application Error!' with its message. */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <main className="error-screen">
      <div role="alert">
        <h1>Unexpected Application Error!</h1>
        <pre>{describe(error)}</pre>
      </div>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </main>
  )
}
