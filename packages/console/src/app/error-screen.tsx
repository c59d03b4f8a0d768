import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'

function describe(error: unknown): string {
  if (error instanceof Error) return error.message
  return String(error)
}

/** The fallback for anything a screen throws: SPEC's 'Unexpected Application Error!' with its message. */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <Box role="alert" sx={{ p: 6, maxWidth: 760 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Unexpected Application Error!
      </Typography>
      <Typography
        component="pre"
        sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', color: 'error.main', mb: 3 }}
      >
        {describe(error)}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Box>
  )
}
