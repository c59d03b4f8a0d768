import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'

/** The product mark and name. */
export function Logo() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Box component="svg" viewBox="0 0 32 32" sx={{ width: 36, height: 36, flexShrink: 0 }} aria-hidden>
        <rect width="32" height="32" rx="7" fill="#3b4ca8" />
        <path d="M8 11h16M8 16h11M8 21h7" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
        <circle cx="23" cy="21" r="3" fill="#7fd1ae" />
      </Box>
      <Typography component="span" sx={{ fontSize: 20, fontWeight: 700, letterSpacing: -0.2 }}>
        Serving Console
      </Typography>
    </Box>
  )
}
