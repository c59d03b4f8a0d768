import { useEffect, useRef } from 'react'
import { Button, IconButton } from '../../../components/button'
import { AddCircleOutlineOutlinedIcon, DeleteOutlineOutlinedIcon } from '../../../components/icons'
import { Select } from '../../../components/select'
import '../../../components/surface.css'
import { TextField } from '../../../components/text-field'
import { FORMATS, newSpec, type SpecDraft } from '../model/forms'
import './register-fields.css'

interface SpecListProps {
  specs: SpecDraft[]
  errors: Record<string, string>
  onChange: (specs: SpecDraft[]) => void
  /** Fills a GGUF spec (and what else the file knows) from the file's own header. */
  /** Absent where the server cannot read the model's files (a gateway: they live on the cluster). */
  onFillFromFile?: ((index: number) => void) | undefined
}

const pathLabel = (format: string) =>
  format === 'ggmlv3' || format === 'ggufv2' ? 'Model Path (the GGUF file)' : 'Model Path'

/** SPEC §4: the LLM spec list — add appends a pytorch 7B entry and scrolls to it; delete while more than one. */
export function SpecList({ specs, errors, onChange, onFillFromFile }: SpecListProps) {
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
        Model Specs
      </h2>
      <div className="spec-list">
        {specs.map((spec, index) => {
          const key = `specs.${String(index)}`
          return (
            <section key={index} className="surface spec" aria-label={`Spec ${String(index + 1)}`}>
              <div className="spec-head">
                <span className="spec-title">Spec {index + 1}</span>
                {specs.length > 1 && (
                  <IconButton
                    label={`Delete spec ${String(index + 1)}`}
                    title="Delete spec"
                    onClick={() => onChange(specs.filter((_, at) => at !== index))}
                  >
                    <DeleteOutlineOutlinedIcon />
                  </IconButton>
                )}
              </div>
              <Select
                label="Model Format"
                value={spec.format}
                options={FORMATS}
                onChange={(format) => change(index, { format: format as SpecDraft['format'] })}
              />
              <div className="field-with-action">
                <TextField
                  label={pathLabel(spec.format)}
                  value={spec.path}
                  onChange={(path) => change(index, { path })}
                  placeholder={spec.format === 'ggufv2' ? '/path/to/model-q4_k_m.gguf' : '/path/to/model'}
                />
                {spec.format === 'ggufv2' && onFillFromFile && (
                  <Button disabled={!spec.path} onClick={() => onFillFromFile(index)}>
                    Fill from file
                  </Button>
                )}
              </div>
              <TextField
                label="Model Size in Billions"
                value={spec.size}
                onChange={(size) => change(index, { size })}
                error={errors[`${key}.size`] ?? null}
              />
              {spec.format !== 'pytorch' && (
                <TextField
                  label={
                    spec.format === 'gptq' || spec.format === 'awq'
                      ? 'Quantization'
                      : 'Quantization (optional)'
                  }
                  value={spec.quantization}
                  onChange={(quantization) => change(index, { quantization })}
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
        Add Spec
      </Button>
    </section>
  )
}
