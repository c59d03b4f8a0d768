import { DEFAULT_CONTEXT, DEFAULT_PARALLEL } from '@serving-console/contract'
import { TextField } from '../../../components/text-field'
import type { MessageId } from '../../../i18n/catalogue'
import { useT } from '../../../i18n/react'
import {
  hasPlatformField,
  PLATFORM_FIELDS,
  type LaunchForm,
  type LaunchKind,
  type PlatformField,
} from '../model/launch-form'
import { rangeError } from '../model/validation'

/** Each field's label, its help line, and the default its help names. */
const TEXT = {
  nParallel: {
    label: 'launch.field.nParallel',
    help: 'launch.field.nParallel.help',
    fallback: DEFAULT_PARALLEL,
  },
  nCtx: { label: 'launch.field.nCtx', help: 'launch.field.nCtx.help', fallback: DEFAULT_CONTEXT },
  idleTtl: { label: 'launch.field.idleTtl', help: 'launch.field.idleTtl.help', fallback: null },
} as const satisfies Record<PlatformField, { label: MessageId; help: MessageId; fallback: number | null }>

/**
 * The embedded platform's own launch options that its kind has (docs/platform.md): whole numbers within the
 * platform's bounds, each with a line saying what it does; empty means the platform's default.
 */
export function PlatformFields({
  kind,
  form,
  onChange,
}: {
  kind: LaunchKind
  form: LaunchForm
  onChange: (patch: Partial<LaunchForm>) => void
}) {
  const t = useT()
  return (Object.keys(PLATFORM_FIELDS) as PlatformField[])
    .filter((field) => hasPlatformField(kind, field))
    .map((field) => {
      const { min, max } = PLATFORM_FIELDS[field]
      return (
        <TextField
          key={field}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          label={t(TEXT[field].label)}
          value={form[field]}
          onChange={(text) => onChange({ [field]: text })}
          error={rangeError(form[field], min, max)}
          helperText={t(TEXT[field].help, { min, max, fallback: TEXT[field].fallback })}
        />
      )
    })
}
