import Autocomplete from '@mui/material/Autocomplete'
import Checkbox from '@mui/material/Checkbox'
import Chip from '@mui/material/Chip'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import FormLabel from '@mui/material/FormLabel'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { LANGUAGE_CODES } from '../model/languages'

interface LanguagePickerProps {
  value: string[]
  onChange: (value: string[]) => void
}

/**
 * SPEC §2: English and Chinese checkboxes, and a dropdown of the other language codes shown as removable chips,
 * its list no taller than 20vh. The label turns red while no language is chosen.
 */
export function LanguagePicker({ value, onChange }: LanguagePickerProps) {
  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...value.filter((item) => item !== code), code] : value.filter((item) => item !== code))
  const others = value.filter((code) => code !== 'en' && code !== 'zh')
  return (
    <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" error={value.length === 0}>
        Model Languages
      </FormLabel>
      <FormGroup row>
        <FormControlLabel
          control={<Checkbox checked={value.includes('en')} onChange={(_e, on) => toggle('en', on)} />}
          label="English"
        />
        <FormControlLabel
          control={<Checkbox checked={value.includes('zh')} onChange={(_e, on) => toggle('zh', on)} />}
          label="Chinese"
        />
      </FormGroup>
      <Autocomplete
        multiple
        options={LANGUAGE_CODES}
        value={others}
        onChange={(_event, codes) =>
          onChange([...value.filter((code) => code === 'en' || code === 'zh'), ...codes])
        }
        renderValue={(codes, getItemProps) =>
          codes.map((code, index) => {
            const { key, ...props } = getItemProps({ index })
            return <Chip key={key} label={code} size="small" {...props} />
          })
        }
        renderInput={(params) => <TextField {...params} label="Other languages" />}
        slotProps={{ listbox: { sx: { maxHeight: '20vh' } } }}
      />
    </Stack>
  )
}
