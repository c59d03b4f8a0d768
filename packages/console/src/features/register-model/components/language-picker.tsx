import Autocomplete from '@mui/material/Autocomplete'
// The autocomplete draws its own field and chips with MUI's: they are part of it, not widgets of the console.
// eslint-disable-next-line no-restricted-imports
import Chip from '@mui/material/Chip'
// eslint-disable-next-line no-restricted-imports
import TextField from '@mui/material/TextField'
import { Checkbox } from '../../../components/checkbox'
import { FieldGroup } from '../../../components/field-group'
import { currentIntl } from '../../../i18n/i18n'
import { useT } from '../../../i18n/react'
import { LANGUAGE_CODES } from '../model/languages'
import './language-picker.css'

interface LanguagePickerProps {
  value: string[]
  onChange: (value: string[]) => void
}

/** A language code named in the language shown ('zh' is "Chinese" in English, "中文" in Chinese), else the code. */
const languageName = (code: string) => currentIntl().formatDisplayName(code, { type: 'language' }) ?? code

/**
 * SPEC §2: English and Chinese checkboxes, and a dropdown of the other language codes shown as removable chips,
 * its list no taller than 20vh. The label turns red while no language is chosen. The two checkboxes are named in
 * the language shown; the others stay codes, as SPEC shows them and as they are saved.
 */
export function LanguagePicker({ value, onChange }: LanguagePickerProps) {
  const t = useT()
  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...value.filter((item) => item !== code), code] : value.filter((item) => item !== code))
  const others = value.filter((code) => code !== 'en' && code !== 'zh')
  const english = languageName('en')
  const chinese = languageName('zh')
  return (
    <FieldGroup
      legend={t('register.field.languages')}
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
          renderInput={(params) => <TextField {...params} label={t('register.field.otherLanguages')} />}
          slotProps={{ listbox: { className: 'language-picker-list' } }}
          // MUI's own words (its buttons' names, the empty list), in the language shown.
          clearText={t('register.picker.clear')}
          openText={t('register.picker.open')}
          closeText={t('register.picker.close')}
          noOptionsText={t('register.picker.noOptions')}
        />
      }
    >
      <Checkbox label={english} checked={value.includes('en')} onChange={(on) => toggle('en', on)} />
      <Checkbox label={chinese} checked={value.includes('zh')} onChange={(on) => toggle('zh', on)} />
    </FieldGroup>
  )
}
