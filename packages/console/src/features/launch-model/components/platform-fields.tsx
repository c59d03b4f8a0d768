import { DEFAULT_PARALLEL } from '@serving-console/contract'
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

const TEXT = {
  nParallel: { label: 'launch.field.nParallel', help: 'launch.field.nParallel.help' },
  idleTtl: { label: 'launch.field.idleTtl', help: 'launch.field.idleTtl.help' },
} as const satisfies Record<PlatformField, { label: MessageId; help: MessageId }>

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
          helperText={t(TEXT[field].help, { min, max, fallback: DEFAULT_PARALLEL })}
        />
      )
    })
}
