import '../components/button.css'
import './error-screen.css'

function describe(error: unknown): string {
  if (error instanceof Error) return error.message
  return String(error)
}

/**
 * The fallback for anything a screen throws: SPEC's 'Unexpected Application Error!' with its message. Plain CSS
 * (`error-screen.css`), as it may replace the first screen, which renders no styled component (issue 14).
 */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <div role="alert" className="error-screen">
      <h1>Unexpected Application Error!</h1>
      <pre>{describe(error)}</pre>
      <button type="button" className="button button-contained" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  )
}
