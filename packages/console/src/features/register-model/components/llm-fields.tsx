import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import FormLabel from '@mui/material/FormLabel'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { ModelFamilies, PromptStyles } from '@serving-console/contract'
import { useServerFeature } from '../../../lib/server-features'
import { useFileInfo } from '../api/get-file-info'
import { ABILITIES, type LlmDraft } from '../model/forms'
import { LanguagePicker } from './language-picker'
import { ModelNameField } from './model-name-field'
import { SpecList } from './spec-list'

interface LlmFieldsProps {
  draft: LlmDraft
  errors: Record<string, string>
  families: ModelFamilies | undefined
  prompts: PromptStyles | undefined
  onChange: (draft: LlmDraft) => void
}

/** SPEC §4: the chat list when the abilities include chat or vision, else generate; 'other' last; by first letter. */
export function familyOptions(
  families: ModelFamilies | undefined,
  abilities: string[],
  current = '',
): string[] {
  const list =
    abilities.includes('chat') || abilities.includes('vision') ? families?.chat : families?.generate
  const sorted = [...new Set(list ?? [])].sort((a, b) => a.charAt(0).localeCompare(b.charAt(0)))
  const options = [...sorted.filter((name) => name !== 'other'), 'other']
  // A saved family the server no longer lists stays selectable, so an edit does not lose it.
  return current && !options.includes(current) ? [current, ...options] : options
}

/** The prompt style shown read-only: SPEC's fields, or newer servers' chat template with its stops. */
function PromptStyleView({ style }: { style: Record<string, unknown> }) {
  return (
    <Box component="section" aria-label="Prompt style">
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Prompt Style
      </Typography>
      <Stack spacing={1.5}>
        {Object.entries(style).map(([field, value]) => (
          <TextField
            key={field}
            label={field}
            value={typeof value === 'string' ? value : JSON.stringify(value)}
            slotProps={{ input: { readOnly: true } }}
            multiline={field === 'chat_template' || field === 'system_prompt'}
            maxRows={8}
          />
        ))}
      </Stack>
    </Box>
  )
}

/** SPEC §2's LLM form fields and §4's ability, family and prompt-style rules. */
export function LlmFields({ draft, errors, families, prompts, onChange }: LlmFieldsProps) {
  const set = (patch: Partial<LlmDraft>) => onChange({ ...draft, ...patch })
  const chat = draft.model_ability.includes('chat')

  const toggleAbility = (ability: string, on: boolean) => {
    const model_ability = on
      ? [...draft.model_ability.filter((item) => item !== ability), ability]
      : draft.model_ability.filter((item) => item !== ability)
    // Abilities decide the family list: the family is chosen again; without chat there is no prompt style.
    set({
      model_ability,
      model_family: '',
      prompt_style: model_ability.includes('chat') ? draft.prompt_style : null,
    })
  }

  const fileInfo = useFileInfo()
  const canReadFiles = useServerFeature('file_info')
  const fillFromFile = (index: number) => {
    const spec = draft.specs[index]
    if (!spec) return
    fileInfo.mutate(spec.path, {
      onSuccess: (info) =>
        set({
          context_length: info.context_length ? String(info.context_length) : draft.context_length,
          specs: draft.specs.map((item, at) =>
            at === index
              ? {
                  ...item,
                  size: info.size_in_billions ? String(info.size_in_billions) : item.size,
                  quantization: info.quantization ?? item.quantization,
                }
              : item,
          ),
        }),
    })
  }

  const chooseFamily = (model_family: string) => {
    const builtin = prompts?.[model_family]
    set({ model_family, prompt_style: chat && builtin ? builtin : null })
  }

  return (
    <Stack spacing={2.5}>
      <ModelNameField value={draft.model_name} onChange={(model_name) => set({ model_name })} />
      <TextField
        label="Model Description (Optional)"
        value={draft.model_description}
        onChange={(event) => set({ model_description: event.target.value })}
        multiline
        minRows={2}
      />
      <TextField
        label="Context Length"
        value={draft.context_length}
        onChange={(event) => set({ context_length: event.target.value })}
        error={Boolean(errors.context_length)}
        helperText={errors.context_length}
      />
      <LanguagePicker value={draft.model_lang} onChange={(model_lang) => set({ model_lang })} />
      <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend" error={draft.model_ability.length === 0}>
          Model Abilities
        </FormLabel>
        <FormGroup row>
          {ABILITIES.map((ability) => (
            <FormControlLabel
              key={ability}
              label={ability}
              control={
                <Checkbox
                  checked={draft.model_ability.includes(ability)}
                  onChange={(_event, on) => toggleAbility(ability, on)}
                />
              }
            />
          ))}
        </FormGroup>
      </Stack>
      <TextField
        select
        label="Model Family"
        value={draft.model_family}
        error={!draft.model_family}
        helperText={draft.model_family ? undefined : 'Choose the family the model belongs to, or other.'}
        onChange={(event) => chooseFamily(event.target.value)}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
      >
        {familyOptions(families, draft.model_ability, draft.model_family).map((family) => (
          <MenuItem key={family} value={family}>
            {family}
          </MenuItem>
        ))}
      </TextField>
      <SpecList
        specs={draft.specs}
        errors={errors}
        onChange={(specs) => set({ specs })}
        onFillFromFile={canReadFiles ? fillFromFile : undefined}
      />
      {chat && draft.prompt_style && <PromptStyleView style={draft.prompt_style} />}
    </Stack>
  )
}
