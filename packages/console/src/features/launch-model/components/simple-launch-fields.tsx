import Box from '@mui/material/Box'
import type { LaunchForm, LaunchKind } from '../model/launch-form'
import { gpuIdxError } from '../model/validation'
import { DownloadHubField, ModelUidField, NumberInput, SelectField, TextInput } from './form-fields'

interface SimpleLaunchFieldsProps {
  kind: LaunchKind
  form: LaunchForm
  gpuCount: number
  hubOptions: string[]
  onChange: (patch: Partial<LaunchForm>) => void
  modelName: string
}

/** SPEC §2 fields for embedding, rerank and flexible (device, replica, placement) and image and audio (uid, hub). */
export function SimpleLaunchFields({
  kind,
  form,
  gpuCount,
  hubOptions,
  onChange,
  modelName,
}: SimpleLaunchFieldsProps) {
  const withPlacement = kind === 'embedding' || kind === 'rerank' || kind === 'flexible'
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <ModelUidField form={form} onChange={onChange} modelName={modelName} />
      <DownloadHubField form={form} onChange={onChange} hubOptions={hubOptions} />
      {withPlacement && (
        <>
          <NumberInput
            label="Replica"
            value={form.replica}
            min={1}
            onChange={(replica) => onChange({ replica })}
          />
          <SelectField
            label="Device"
            value={form.device}
            options={gpuCount > 0 ? ['GPU', 'CPU'] : ['CPU']}
            onChange={(device) => onChange({ device: device === 'GPU' ? 'GPU' : 'CPU' })}
          />
          <TextInput
            label="Worker IP (optional)"
            value={form.workerIp}
            onChange={(event) => onChange({ workerIp: event.target.value })}
          />
          {form.device === 'GPU' && (
            <TextInput
              label="GPU Idx (optional)"
              value={form.gpuIdx}
              onChange={(event) => onChange({ gpuIdx: event.target.value })}
              errorText={gpuIdxError(form.gpuIdx)}
            />
          )}
        </>
      )}
    </Box>
  )
}
