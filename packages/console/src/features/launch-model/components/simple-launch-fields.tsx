import type { LaunchKind } from '../model/launch-form'
import { Select } from '../../../components/select'
import { useT } from '../../../i18n/react'
import {
  DownloadHubField,
  GpuIdxField,
  ModelUidField,
  ReplicaField,
  WorkerIpField,
  type LaunchFieldsProps,
} from './form-fields'
import { PlatformFields } from './platform-fields'
import './launch-fields.css'

interface SimpleLaunchFieldsProps extends LaunchFieldsProps {
  kind: LaunchKind
}

/** SPEC §2 fields for embedding, rerank and flexible (device, replica, placement) and image and audio (uid, hub). */
export function SimpleLaunchFields({ kind, ...fields }: SimpleLaunchFieldsProps) {
  const t = useT()
  const { form, gpuCount, onChange, platformFields } = fields
  const withPlacement = kind === 'embedding' || kind === 'rerank' || kind === 'flexible'
  return (
    <div className="launch-fields">
      <ModelUidField {...fields} />
      <DownloadHubField {...fields} />
      {withPlacement && (
        <>
          <ReplicaField form={form} onChange={onChange} />
          <Select
            label={t('launch.field.device')}
            value={form.device}
            options={gpuCount > 0 ? ['GPU', 'CPU'] : ['CPU']}
            onChange={(device) => onChange({ device: device === 'GPU' ? 'GPU' : 'CPU' })}
          />
          <WorkerIpField form={form} onChange={onChange} />
          {form.device === 'GPU' && <GpuIdxField form={form} onChange={onChange} />}
        </>
      )}
      {platformFields && <PlatformFields kind={kind} form={form} onChange={onChange} />}
    </div>
  )
}
