import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import './register-fields.css'

/**
 * The prompt style shown read-only: SPEC's fields, or newer servers' chat template with its stops. The fields are
 * labelled by their JSON keys (system_prompt, roles …), as saved, so they stay untranslated. A field the family
 * does not have (null: a family whose template is in its model file) reads "none", not a literal `null`.
 */
export function PromptStyleView({ style }: { style: Record<string, unknown> }) {
  const t = useT()
  return (
    <section className="register-fields" aria-labelledby="prompt-style-title">
      <h2 id="prompt-style-title" className="register-subtitle">
        {t('register.promptStyle.title')}
      </h2>
      {Object.entries(style).map(([field, value]) => {
        const long = field === 'chat_template' || field === 'system_prompt'
        const absent = value === null || value === undefined
        return (
          <TextField
            key={field}
            label={field}
            value={absent ? '' : typeof value === 'string' ? value : JSON.stringify(value)}
            placeholder={absent ? t('register.promptStyle.none') : undefined}
            onChange={() => undefined}
            readOnly
            multiline={long && !absent}
            rows={long && !absent ? 8 : undefined}
          />
        )
      })}
    </section>
  )
}
