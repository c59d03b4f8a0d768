import ExpandMore from '@mui/icons-material/ExpandMore'
import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { CopyButton } from './copy-button'
import { JsonBlock } from './json-block'

/**
 * SPEC §2: the collapsible, read-only JSON Format panel of the register forms — the payload as indented JSON,
 * exactly what is sent, with a copy-all button.
 */
export function JsonPanel({ value }: { value: unknown }) {
  const text = JSON.stringify(value, null, 4)
  return (
    <Accordion disableGutters variant="outlined" sx={{ mt: 3 }}>
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Stack>
          <Typography sx={{ fontWeight: 600 }}>JSON Format</Typography>
          <Typography variant="body2" color="text.secondary">
            Show custom json config used by api
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Box sx={{ position: 'relative' }}>
          <Box sx={{ position: 'absolute', top: 4, right: 4 }}>
            <CopyButton text={text} label="Copy all" />
          </Box>
          <JsonBlock text={text} label="Custom json config" maxHeight={480} />
        </Box>
      </AccordionDetails>
    </Accordion>
  )
}
