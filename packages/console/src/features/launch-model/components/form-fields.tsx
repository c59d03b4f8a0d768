import { Select } from '../../../components/select'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import type { LaunchForm } from '../model/launch-form'

/** A number field with a lower bound (SPEC §5: N GPU Layers ≥ -1, Replica ≥ 1). */
export function NumberInput({
  label,
  value,
  min,
  onChange,
}: {
  label: string
  value: number
  min: number
  onChange: (value: number) => void
}) {
  return (
    <TextField
      type="number"
      label={label}
      value={value}
      min={min}
      onChange={(text) => {
        const next = Number(text)
        if (text !== '' && Number.isFinite(next)) onChange(Math.max(min, Math.trunc(next)))
      }}
    />
  )
}

interface SharedFieldProps {
  form: LaunchForm
  onChange: (patch: Partial<LaunchForm>) => void
}

/** Model UID across the whole row; blank means the model name. A server's refusal of it shows under it. */
export function ModelUidField({
  form,
  onChange,
  modelName,
  error,
  hint,
}: SharedFieldProps & { modelName: string; error?: string | null; hint?: string | null }) {
  const t = useT()
  return (
    <TextField
      className="launch-field-wide"
      label={t('launch.field.modelUid')}
      placeholder={modelName}
      value={form.modelUid}
      onChange={(modelUid) => onChange({ modelUid })}
      error={error ?? null}
      helperText={hint ?? undefined}
    />
  )
}

/** Download hub: none (the server's default), or one of the offered hubs. */
export function DownloadHubField({
  form,
  onChange,
  hubOptions,
}: SharedFieldProps & { hubOptions: string[] }) {
  const t = useT()
  return (
    <Select
      label={t('launch.field.downloadHub')}
      value={form.downloadHub || 'none'}
      // The hubs are names; 'none' (the server's default) is said in the language shown.
      options={[{ value: 'none', label: t('launch.field.downloadHub.none') }, ...hubOptions]}
      onChange={(hub) => onChange({ downloadHub: hub === 'none' ? '' : hub })}
    />
  )
}
