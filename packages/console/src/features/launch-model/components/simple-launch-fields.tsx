import type { LaunchForm, LaunchKind } from '../model/launch-form'
import { gpuIdxError } from '../model/validation'
import { Select } from '../../../components/select'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import { DownloadHubField, ModelUidField, NumberInput } from './form-fields'
import { PlatformFields } from './platform-fields'
import './launch-fields.css'

interface SimpleLaunchFieldsProps {
  kind: LaunchKind
  form: LaunchForm
  gpuCount: number
  hubOptions: string[]
  onChange: (patch: Partial<LaunchForm>) => void
  modelName: string
  /** The server's refusal of the uid, for under Model UID. */
  uidError: string | null
  /** Why Model UID holds a uid the user did not type (Last Config's was taken). */
  uidHint: string | null
  /** The embedded platform's own options have fields (a cluster's gateway takes them as additional parameters). */
  platformFields: boolean
}

/** SPEC §2 fields for embedding, rerank and flexible (device, replica, placement) and image and audio (uid, hub). */
export function SimpleLaunchFields({
  kind,
  form,
  gpuCount,
  hubOptions,
  onChange,
  modelName,
  uidError,
  uidHint,
  platformFields,
}: SimpleLaunchFieldsProps) {
  const t = useT()
  const withPlacement = kind === 'embedding' || kind === 'rerank' || kind === 'flexible'
  return (
    <div className="launch-fields">
      <ModelUidField form={form} onChange={onChange} modelName={modelName} error={uidError} hint={uidHint} />
      <DownloadHubField form={form} onChange={onChange} hubOptions={hubOptions} />
      {withPlacement && (
        <>
          <NumberInput
            label={t('launch.field.replica')}
            value={form.replica}
            min={1}
            onChange={(replica) => onChange({ replica })}
          />
          <Select
            label={t('launch.field.device')}
            value={form.device}
            options={gpuCount > 0 ? ['GPU', 'CPU'] : ['CPU']}
            onChange={(device) => onChange({ device: device === 'GPU' ? 'GPU' : 'CPU' })}
          />
          <TextField
            label={t('launch.field.workerIp')}
            value={form.workerIp}
            onChange={(workerIp) => onChange({ workerIp })}
          />
          {form.device === 'GPU' && (
            <TextField
              label={t('launch.field.gpuIdx')}
              value={form.gpuIdx}
              onChange={(gpuIdx) => onChange({ gpuIdx })}
              error={gpuIdxError(form.gpuIdx)}
            />
          )}
        </>
      )}
      {platformFields && <PlatformFields kind={kind} form={form} onChange={onChange} />}
    </div>
  )
}
