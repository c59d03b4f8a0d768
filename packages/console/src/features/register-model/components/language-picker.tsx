import Autocomplete from '@mui/material/Autocomplete'
// The autocomplete draws its own field and chips with MUI's: they are part of it, not widgets of the console.
// eslint-disable-next-line no-restricted-imports
import Chip from '@mui/material/Chip'
// eslint-disable-next-line no-restricted-imports
import TextField from '@mui/material/TextField'
import { Checkbox } from '../../../components/checkbox'
import { FieldGroup } from '../../../components/field-group'
import { LANGUAGE_CODES } from '../model/languages'
import './language-picker.css'

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
    <FieldGroup
      legend="Model Languages"
      missing={value.length === 0}
      below={
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
          slotProps={{ listbox: { className: 'language-picker-list' } }}
        />
      }
    >
      <Checkbox label="English" checked={value.includes('en')} onChange={(on) => toggle('en', on)} />
      <Checkbox label="Chinese" checked={value.includes('zh')} onChange={(on) => toggle('zh', on)} />
    </FieldGroup>
  )
}
