import type { EngineMap } from '@serving-console/contract'
import { KeyValueEditor } from '../../../components/key-value-editor'
import { engineChoices, formatOptions, quantizationOptions, sizeOptions } from '../model/launch-options'
import { requestLimitsError } from '../model/validation'
import { Disclosure } from '../../../components/disclosure'
import { Select } from '../../../components/select'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import {
  DownloadHubField,
  GpuIdxField,
  ModelUidField,
  NumberInput,
  ReplicaField,
  WorkerIpField,
  type LaunchFieldsProps,
} from './form-fields'
import { PlatformFields } from './platform-fields'
import './launch-fields.css'

interface LlmLaunchFieldsProps extends LaunchFieldsProps {
  engines: EngineMap | undefined
}

const sizeLabel = (size: string) => `${size.replace('_', '.')}B`

/** SPEC §2 LLM launch fields, with the engine → format → size → quantization cascade of §4. */
export function LlmLaunchFields({ engines, ...fields }: LlmLaunchFieldsProps) {
  const t = useT()
  const { form, gpuCount, onChange, platformFields } = fields
  // 'auto' is said in the language shown; CPU and the counts are the same in every language.
  const nGpuOptions = [
    { value: 'auto', label: t('launch.field.nGpu.auto') },
    'CPU',
    ...Array.from({ length: gpuCount }, (_, i) => String(i + 1)),
  ]
  const hasLora = form.loras.length + form.imageLoraLoad.length + form.imageLoraFuse.length > 0
  return (
    <div className="launch-fields">
      <ModelUidField {...fields} />
      <Select
        label={t('launch.field.engine')}
        value={form.engine}
        onChange={(engine) => onChange({ engine })}
        options={engineChoices(engines).map((choice) => ({
          value: choice.name,
          label: choice.unavailable
            ? t('launch.field.engine.unavailable', { engine: choice.name })
            : choice.name,
          disabled: Boolean(choice.unavailable),
          hint: choice.unavailable,
        }))}
      />
      <Select
        label={t('launch.field.format')}
        value={form.format}
        options={formatOptions(engines, form.engine)}
        onChange={(format) => onChange({ format })}
        disabled={!form.engine}
      />
      <Select
        label={t('launch.field.size')}
        value={form.size}
        options={sizeOptions(engines, form.engine, form.format).map((size) => ({
          value: size,
          label: sizeLabel(size),
        }))}
        onChange={(size) => onChange({ size })}
        disabled={!form.format}
      />
      <Select
        label={t('launch.field.quantization')}
        value={form.quantization}
        options={quantizationOptions(engines, form.engine, form.format, form.size)}
        onChange={(quantization) => onChange({ quantization })}
        disabled={!form.size}
      />
      <Select
        label={gpuCount > 0 ? t('launch.field.nGpu') : t('launch.field.device')}
        value={form.nGpu}
        options={nGpuOptions}
        onChange={(nGpu) => onChange({ nGpu })}
      />
      <NumberInput
        label={t('launch.field.nGpuLayers')}
        value={form.nGpuLayers}
        min={-1}
        onChange={(nGpuLayers) => onChange({ nGpuLayers })}
      />
      <ReplicaField form={form} onChange={onChange} />
      <TextField
        label={t('launch.field.requestLimits')}
        value={form.requestLimits}
        onChange={(requestLimits) => onChange({ requestLimits })}
        error={requestLimitsError(form.requestLimits)}
      />
      {platformFields && <PlatformFields kind="LLM" form={form} onChange={onChange} />}
      <WorkerIpField form={form} onChange={onChange} />
      <GpuIdxField form={form} onChange={onChange} />
      <DownloadHubField {...fields} />
      <div className="launch-field-wide launch-sections">
        <Disclosure summary={t('launch.section.optional')} initiallyOpen={form.extra.length > 0}>
          <KeyValueEditor
            label={t('launch.section.extra')}
            rows={form.extra}
            onChange={(extra) => onChange({ extra })}
          />
        </Disclosure>
        <Disclosure summary={t('launch.section.lora')} initiallyOpen={hasLora}>
          <KeyValueEditor
            label={t('launch.section.loraModel')}
            // The payload's field names, the same in every language.
            keyLabel="lora_name"
            valueLabel="local_path"
            rows={form.loras}
            onChange={(loras) => onChange({ loras })}
          />
          <KeyValueEditor
            label={t('launch.section.loraLoad')}
            rows={form.imageLoraLoad}
            onChange={(imageLoraLoad) => onChange({ imageLoraLoad })}
          />
          <KeyValueEditor
            label={t('launch.section.loraFuse')}
            rows={form.imageLoraFuse}
            onChange={(imageLoraFuse) => onChange({ imageLoraFuse })}
          />
        </Disclosure>
      </div>
    </div>
  )
}
