import Box from '@mui/material/Box'

/** Read-only JSON, indented as upstream shows it: the custom model view and the register forms' JSON panel. */
export function JsonBlock({
  text,
  label,
  maxHeight,
}: {
  text: string
  label: string
  maxHeight: number | string
}) {
  return (
    <Box
      component="pre"
      aria-label={label}
      sx={{ m: 0, p: 2, bgcolor: 'grey.100', borderRadius: 1, overflow: 'auto', maxHeight, fontSize: 12 }}
    >
      {text}
    </Box>
  )
}
