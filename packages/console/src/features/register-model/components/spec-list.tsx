import type { GgufFileInfo } from '@serving-console/contract'
import { useEffect, useRef } from 'react'
import { Button, IconButton } from '../../../components/button'
import { AddCircleOutlineOutlinedIcon, DeleteOutlineOutlinedIcon } from '../../../components/icons'
import { Select } from '../../../components/select'
import '../../../components/surface.css'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import { FORMATS, newSpec, type SpecDraft } from '../model/forms'
import { PathField } from './path-field'
import './register-fields.css'

interface SpecListProps {
  specs: SpecDraft[]
  errors: Record<string, string>
  onChange: (specs: SpecDraft[]) => void
  /** Fills a GGUF spec (and what else the file knows) from what its header says. */
  onFilled: (index: number, info: GgufFileInfo) => void
}

/** Example paths, the same in every language (a path is not translated). */
const GGUF_EXAMPLE = '/path/to/model-q4_k_m.gguf'
const FOLDER_EXAMPLE = '/path/to/model'

/** SPEC §4: the LLM spec list — add appends a pytorch 7B entry and scrolls to it; delete while more than one. */
export function SpecList({ specs, errors, onChange, onFilled }: SpecListProps) {
  const t = useT()
  const end = useRef<HTMLDivElement>(null)
  const count = useRef(specs.length)
  useEffect(() => {
    if (specs.length > count.current) end.current?.scrollIntoView({ behavior: 'smooth', block: 'end' })
    count.current = specs.length
  }, [specs.length])

  const change = (index: number, patch: Partial<SpecDraft>) =>
    onChange(specs.map((spec, at) => (at === index ? { ...spec, ...patch } : spec)))

  return (
    <section className="register-fields" aria-labelledby="model-specs-title">
      <h2 id="model-specs-title" className="register-subtitle">
        {t('register.spec.title')}
      </h2>
      <div className="spec-list">
        {specs.map((spec, index) => {
          const key = `specs.${String(index)}`
          return (
            <section
              key={index}
              className="surface spec"
              aria-label={t('register.spec.name', { number: index + 1 })}
            >
              <div className="spec-head">
                <span className="spec-title">{t('register.spec.name', { number: index + 1 })}</span>
                {specs.length > 1 && (
                  <IconButton
                    label={t('register.spec.delete', { number: index + 1 })}
                    title={t('register.spec.deleteHint')}
                    onClick={() => onChange(specs.filter((_, at) => at !== index))}
                  >
                    <DeleteOutlineOutlinedIcon />
                  </IconButton>
                )}
              </div>
              <Select
                label={t('register.spec.format')}
                value={spec.format}
                options={FORMATS}
                onChange={(format) => change(index, { format: format as SpecDraft['format'] })}
              />
              <PathField
                label={
                  spec.format === 'ggmlv3' || spec.format === 'ggufv2'
                    ? t('register.spec.ggufPath')
                    : t('register.field.path')
                }
                value={spec.path}
                onChange={(path) => change(index, { path })}
                placeholder={spec.format === 'ggufv2' ? GGUF_EXAMPLE : FOLDER_EXAMPLE}
                field={`${key}.path`}
                onFilled={spec.format === 'ggufv2' ? (info) => onFilled(index, info) : undefined}
              />
              <TextField
                label={t('register.spec.size')}
                value={spec.size}
                onChange={(size) => change(index, { size })}
                data-field={`${key}.size`}
                error={errors[`${key}.size`] ?? null}
              />
              {spec.format !== 'pytorch' && (
                <TextField
                  label={
                    spec.format === 'gptq' || spec.format === 'awq'
                      ? t('register.spec.quantization')
                      : t('register.spec.quantizationOptional')
                  }
                  value={spec.quantization}
                  onChange={(quantization) => change(index, { quantization })}
                  data-field={`${key}.quantization`}
                  error={errors[`${key}.quantization`] ?? null}
                />
              )}
            </section>
          )
        })}
        <div ref={end} />
      </div>
      <Button
        className="register-add"
        startIcon={<AddCircleOutlineOutlinedIcon />}
        onClick={() => onChange([...specs, newSpec()])}
      >
        {t('register.spec.add')}
      </Button>
    </section>
  )
}
