import type { EngineMap } from '@serving-console/contract'
import Box from '@mui/material/Box'
import { KeyValueEditor } from '../../../components/key-value-editor'
import type { LaunchForm } from '../model/launch-form'
import { engineChoices, formatOptions, quantizationOptions, sizeOptions } from '../model/launch-options'
import { gpuIdxError, requestLimitsError } from '../model/validation'
import { CollapsibleSection } from './collapsible-section'
import { DownloadHubField, ModelUidField, NumberInput, SelectField, TextInput } from './form-fields'

interface LlmLaunchFieldsProps {
  form: LaunchForm
  engines: EngineMap | undefined
  gpuCount: number
  hubOptions: string[]
  /** Applies a change; engine/format/size/quantization changes settle the cascade. */
  onChange: (patch: Partial<LaunchForm>) => void
  modelName: string
}

const sizeLabel = (size: string) => `${size.replace('_', '.')}B`

/** SPEC §2 LLM launch fields, with the engine → format → size → quantization cascade of §4. */
export function LlmLaunchFields({
  form,
  engines,
  gpuCount,
  hubOptions,
  onChange,
  modelName,
}: LlmLaunchFieldsProps) {
  const nGpuOptions = ['auto', 'CPU', ...Array.from({ length: gpuCount }, (_, i) => String(i + 1))]
  const hasLora = form.loras.length + form.imageLoraLoad.length + form.imageLoraFuse.length > 0
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <ModelUidField form={form} onChange={onChange} modelName={modelName} />
      <SelectField
        label="Model Engine"
        value={form.engine}
        onChange={(engine) => onChange({ engine })}
        options={engineChoices(engines).map((choice) => ({
          value: choice.name,
          label: choice.unavailable ? `${choice.name} (unavailable)` : choice.name,
          disabled: Boolean(choice.unavailable),
          hint: choice.unavailable,
        }))}
      />
      <SelectField
        label="Model Format"
        value={form.format}
        options={formatOptions(engines, form.engine)}
        onChange={(format) => onChange({ format })}
        disabled={!form.engine}
      />
      <SelectField
        label="Model Size"
        value={form.size}
        options={sizeOptions(engines, form.engine, form.format).map((size) => ({
          value: size,
          label: sizeLabel(size),
        }))}
        onChange={(size) => onChange({ size })}
        disabled={!form.format}
      />
      <SelectField
        label="Quantization"
        value={form.quantization}
        options={quantizationOptions(engines, form.engine, form.format, form.size)}
        onChange={(quantization) => onChange({ quantization })}
        disabled={!form.size}
      />
      <SelectField
        label={gpuCount > 0 ? 'N GPU' : 'Device'}
        value={form.nGpu}
        options={nGpuOptions}
        onChange={(nGpu) => onChange({ nGpu })}
      />
      <NumberInput
        label="N GPU Layers"
        value={form.nGpuLayers}
        min={-1}
        onChange={(nGpuLayers) => onChange({ nGpuLayers })}
      />
      <NumberInput
        label="Replica"
        value={form.replica}
        min={1}
        onChange={(replica) => onChange({ replica })}
      />
      <TextInput
        label="Request Limits (optional)"
        value={form.requestLimits}
        onChange={(event) => onChange({ requestLimits: event.target.value })}
        errorText={requestLimitsError(form.requestLimits)}
      />
      <TextInput
        label="Worker IP (optional)"
        value={form.workerIp}
        onChange={(event) => onChange({ workerIp: event.target.value })}
      />
      <TextInput
        label="GPU Idx (optional)"
        value={form.gpuIdx}
        onChange={(event) => onChange({ gpuIdx: event.target.value })}
        errorText={gpuIdxError(form.gpuIdx)}
      />
      <DownloadHubField form={form} onChange={onChange} hubOptions={hubOptions} />
      <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1 }}>
        <CollapsibleSection title="Optional configurations" initiallyOpen={form.extra.length > 0}>
          <KeyValueEditor
            label="Additional parameters passed to the inference engine"
            rows={form.extra}
            onChange={(extra) => onChange({ extra })}
          />
        </CollapsibleSection>
        <CollapsibleSection title="Lora Config" initiallyOpen={hasLora}>
          <KeyValueEditor
            label="Lora Model Config"
            keyLabel="lora_name"
            valueLabel="local_path"
            rows={form.loras}
            onChange={(loras) => onChange({ loras })}
          />
          <KeyValueEditor
            label="Lora Load Kwargs for Image Model"
            rows={form.imageLoraLoad}
            onChange={(imageLoraLoad) => onChange({ imageLoraLoad })}
          />
          <KeyValueEditor
            label="Lora Fuse Kwargs for Image Model"
            rows={form.imageLoraFuse}
            onChange={(imageLoraFuse) => onChange({ imageLoraFuse })}
          />
        </CollapsibleSection>
      </Box>
    </Box>
  )
}
