import type { ReactNode } from 'react'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'

/**
 * The name, its rule under it (SPEC §5's hint; the server enforces the rule, the contract's ModelName, and the
 * built-in clash); a server's refusal of the name (taken, or a built-in's) in the rule's place.
 */
function ModelNameField({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (value: string) => void
  error?: string | undefined
}) {
  const t = useT()
  return (
    <TextField
      label={t('register.field.name')}
      required
      value={value}
      onChange={onChange}
      helperText={t('register.field.nameHint')}
      error={error ?? null}
    />
  )
}

/** A register form's fields: the model's name first (every kind has one), then the kind's own. */
export function RegisterFields({
  draft,
  errors,
  set,
  children,
}: {
  draft: { model_name: string }
  errors: Record<string, string>
  set: (patch: { model_name: string }) => void
  children: ReactNode
}) {
  return (
    <div className="register-fields">
      <ModelNameField
        value={draft.model_name}
        onChange={(model_name) => set({ model_name })}
        error={errors.model_name}
      />
      {children}
    </div>
  )
}
