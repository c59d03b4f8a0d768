import type { EngineMap } from '@serving-console/contract'
import { KeyValueEditor } from '../../../components/key-value-editor'
import type { LaunchForm } from '../model/launch-form'
import { engineChoices, formatOptions, quantizationOptions, sizeOptions } from '../model/launch-options'
import { gpuIdxError, requestLimitsError } from '../model/validation'
import { Disclosure } from '../../../components/disclosure'
import { Select } from '../../../components/select'
import { TextField } from '../../../components/text-field'
import { DownloadHubField, ModelUidField, NumberInput } from './form-fields'
import './launch-fields.css'

interface LlmLaunchFieldsProps {
  form: LaunchForm
  engines: EngineMap | undefined
  gpuCount: number
  hubOptions: string[]
  /** Applies a change; engine/format/size/quantization changes settle the cascade. */
  onChange: (patch: Partial<LaunchForm>) => void
  modelName: string
  /** The server's refusal of the uid, for under Model UID. */
  uidError: string | null
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
  uidError,
}: LlmLaunchFieldsProps) {
  const nGpuOptions = ['auto', 'CPU', ...Array.from({ length: gpuCount }, (_, i) => String(i + 1))]
  const hasLora = form.loras.length + form.imageLoraLoad.length + form.imageLoraFuse.length > 0
  return (
    <div className="launch-fields">
      <ModelUidField form={form} onChange={onChange} modelName={modelName} error={uidError} />
      <Select
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
      <Select
        label="Model Format"
        value={form.format}
        options={formatOptions(engines, form.engine)}
        onChange={(format) => onChange({ format })}
        disabled={!form.engine}
      />
      <Select
        label="Model Size"
        value={form.size}
        options={sizeOptions(engines, form.engine, form.format).map((size) => ({
          value: size,
          label: sizeLabel(size),
        }))}
        onChange={(size) => onChange({ size })}
        disabled={!form.format}
      />
      <Select
        label="Quantization"
        value={form.quantization}
        options={quantizationOptions(engines, form.engine, form.format, form.size)}
        onChange={(quantization) => onChange({ quantization })}
        disabled={!form.size}
      />
      <Select
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
      <TextField
        label="Request Limits (optional)"
        value={form.requestLimits}
        onChange={(requestLimits) => onChange({ requestLimits })}
        error={requestLimitsError(form.requestLimits)}
      />
      <TextField
        label="Worker IP (optional)"
        value={form.workerIp}
        onChange={(workerIp) => onChange({ workerIp })}
      />
      <TextField
        label="GPU Idx (optional)"
        value={form.gpuIdx}
        onChange={(gpuIdx) => onChange({ gpuIdx })}
        error={gpuIdxError(form.gpuIdx)}
      />
      <DownloadHubField form={form} onChange={onChange} hubOptions={hubOptions} />
      <div className="launch-field-wide launch-sections">
        <Disclosure summary="Optional configurations" initiallyOpen={form.extra.length > 0}>
          <KeyValueEditor
            label="Additional parameters passed to the inference engine"
            rows={form.extra}
            onChange={(extra) => onChange({ extra })}
          />
        </Disclosure>
        <Disclosure summary="Lora Config" initiallyOpen={hasLora}>
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
        </Disclosure>
      </div>
    </div>
  )
}
