import { Select } from '../../../components/select'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import type { LaunchForm } from '../model/launch-form'
import { gpuIdxError } from '../model/validation'

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

/** What the launch drawer gives each kind's fields. */
export interface LaunchFieldsProps {
  form: LaunchForm
  gpuCount: number
  hubOptions: string[]
  /** Applies a change; engine/format/size/quantization changes settle the cascade. */
  onChange: (patch: Partial<LaunchForm>) => void
  modelName: string
  /** The server's refusal of the uid, for under Model UID. */
  uidError: string | null
  /** Why Model UID holds a uid the user did not type (Last Config's was taken). */
  uidHint: string | null
  /** The embedded platform's own options have fields (a cluster's gateway takes them as additional parameters). */
  platformFields: boolean
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
  uidError,
  uidHint,
}: Pick<LaunchFieldsProps, 'form' | 'onChange' | 'modelName' | 'uidError' | 'uidHint'>) {
  const t = useT()
  return (
    <TextField
      className="launch-field-wide"
      label={t('launch.field.modelUid')}
      placeholder={modelName}
      value={form.modelUid}
      onChange={(modelUid) => onChange({ modelUid })}
      error={uidError}
      helperText={uidHint ?? undefined}
    />
  )
}

/** Download hub: none (the server's default), or one of the offered hubs. */
export function DownloadHubField({
  form,
  onChange,
  hubOptions,
}: Pick<LaunchFieldsProps, 'form' | 'onChange' | 'hubOptions'>) {
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

/** Replica: how many copies of the model to run, at least one. */
export function ReplicaField({ form, onChange }: SharedFieldProps) {
  const t = useT()
  return (
    <NumberInput
      label={t('launch.field.replica')}
      value={form.replica}
      min={1}
      onChange={(replica) => onChange({ replica })}
    />
  )
}

/** Worker IP: where in a cluster to run the model; blank lets the server choose. */
export function WorkerIpField({ form, onChange }: SharedFieldProps) {
  const t = useT()
  return (
    <TextField
      label={t('launch.field.workerIp')}
      value={form.workerIp}
      onChange={(workerIp) => onChange({ workerIp })}
    />
  )
}

/** GPU Idx: the GPUs to run the model on, checked as it is typed. */
export function GpuIdxField({ form, onChange }: SharedFieldProps) {
  const t = useT()
  return (
    <TextField
      label={t('launch.field.gpuIdx')}
      value={form.gpuIdx}
      onChange={(gpuIdx) => onChange({ gpuIdx })}
      error={gpuIdxError(form.gpuIdx)}
    />
  )
}
