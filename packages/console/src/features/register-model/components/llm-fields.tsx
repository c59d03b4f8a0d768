import type { GgufFileInfo, ModelFamilies, PromptStyles } from '@serving-console/contract'
import { Checkbox } from '../../../components/checkbox'
import { FieldGroup } from '../../../components/field-group'
import { Select } from '../../../components/select'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import type { MessageId } from '../../../i18n/catalogue'
import { ABILITIES, type LlmDraft } from '../model/forms'
import { LanguagePicker } from './language-picker'
import { RegisterFields } from './model-name-field'
import { PromptStyleView } from './prompt-style-view'
import { SpecList } from './spec-list'
import './register-fields.css'

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

/**
 * The abilities named as the catalogue's cards name them (the same messages, so one word per language); the
 * payload keeps the API's values.
 */
const ABILITY_LABEL: Record<(typeof ABILITIES)[number], MessageId> = {
  generate: 'launch.ability.generate',
  chat: 'launch.ability.chat',
  vision: 'register.ability.vision',
}

/** SPEC §2's LLM form fields and §4's ability, family and prompt-style rules. */
export function LlmFields({ draft, errors, families, prompts, onChange }: LlmFieldsProps) {
  const t = useT()
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

  // What a GGUF file's header says: its context, and the spec's size and quantization (the file type).
  const fillFromFile = (index: number, info: GgufFileInfo) =>
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
    })

  const chooseFamily = (model_family: string) => {
    const builtin = prompts?.[model_family]
    set({ model_family, prompt_style: chat && builtin ? builtin : null })
  }

  return (
    <RegisterFields draft={draft} errors={errors} set={set}>
      <TextField
        label={t('register.field.description')}
        value={draft.model_description}
        onChange={(model_description) => set({ model_description })}
        multiline
        rows={2}
      />
      <TextField
        label={t('register.field.contextLength')}
        value={draft.context_length}
        onChange={(context_length) => set({ context_length })}
        data-field="context_length"
        error={errors.context_length ?? null}
      />
      <LanguagePicker value={draft.model_lang} onChange={(model_lang) => set({ model_lang })} />
      <FieldGroup legend={t('register.field.abilities')} missing={draft.model_ability.length === 0}>
        {ABILITIES.map((ability) => (
          <Checkbox
            key={ability}
            label={t(ABILITY_LABEL[ability])}
            checked={draft.model_ability.includes(ability)}
            onChange={(on) => toggleAbility(ability, on)}
          />
        ))}
      </FieldGroup>
      {/* The Select's own element takes no data-field: this box carries it, for the form's blur listener. */}
      <div data-field="model_family">
        <Select
          label={t('register.field.family')}
          value={draft.model_family}
          error={errors.model_family ?? null}
          options={familyOptions(families, draft.model_ability, draft.model_family)}
          onChange={chooseFamily}
        />
      </div>
      <SpecList
        specs={draft.specs}
        errors={errors}
        onChange={(specs) => set({ specs })}
        onFilled={fillFromFile}
      />
      {chat && draft.prompt_style && <PromptStyleView style={draft.prompt_style} />}
    </RegisterFields>
  )
}
