import { Button, IconButton } from '../../../components/button'
import { Checkbox } from '../../../components/checkbox'
import { AddCircleOutlineOutlinedIcon, DeleteOutlineOutlinedIcon } from '../../../components/icons'
import '../../../components/surface.css'
import { TextField } from '../../../components/text-field'
import { useServerFeature } from '../../../lib/server-features'
import { useFileInfo } from '../api/get-file-info'
import {
  newControlnet,
  type AudioDraft,
  type Draft,
  type EmbeddingDraft,
  type FlexibleDraft,
  type ImageDraft,
  type RegisterKind,
  type RerankDraft,
} from '../model/forms'
import { LanguagePicker } from './language-picker'
import { ModelNameField } from './model-name-field'
import './register-fields.css'

interface SimpleFieldsProps {
  kind: Exclude<RegisterKind, 'llm'>
  draft: Draft
  errors: Record<string, string>
  onChange: (draft: Draft) => void
}

const textOf = (draft: Draft, field: string) => {
  const value = (draft as unknown as Record<string, unknown>)[field]
  return typeof value === 'string' ? value : ''
}

/** SPEC §3's embedding, rerank, image, audio and flexible forms. */
export function SimpleFields({ kind, draft, errors, onChange }: SimpleFieldsProps) {
  const fileInfo = useFileInfo()
  const canReadFiles = useServerFeature('file_info')
  const set = (patch: Record<string, unknown>) => onChange({ ...draft, ...patch })
  const text = (field: string, label: string, props: { multiline?: boolean } = {}) => (
    <TextField
      label={label}
      value={textOf(draft, field)}
      onChange={(value) => set({ [field]: value })}
      error={errors[field] ?? null}
      multiline={props.multiline}
      rows={props.multiline ? 2 : undefined}
    />
  )
  return (
    <div className="register-fields">
      <ModelNameField
        value={draft.model_name}
        onChange={(model_name) => set({ model_name })}
        error={errors.model_name}
      />
      {kind === 'flexible' && text('model_description', 'Model Description (Optional)', { multiline: true })}
      {kind === 'embedding' && text('dimensions', 'Dimensions')}
      {kind === 'embedding' && text('max_tokens', 'Max Tokens')}
      {canReadFiles && (kind === 'embedding' || kind === 'rerank') ? (
        <div className="field-with-action">
          {text('model_uri', 'Model Path')}
          <Button
            disabled={!(draft as EmbeddingDraft | RerankDraft).model_uri}
            onClick={() =>
              fileInfo.mutate((draft as EmbeddingDraft | RerankDraft).model_uri, {
                onSuccess: (info) => {
                  if (kind !== 'embedding') return
                  const embedding = draft as EmbeddingDraft
                  set({
                    dimensions: info.embedding_length ? String(info.embedding_length) : embedding.dimensions,
                    max_tokens: info.context_length ? String(info.context_length) : embedding.max_tokens,
                  })
                },
              })
            }
          >
            Fill from file
          </Button>
        </div>
      ) : (
        text('model_uri', 'Model Path')
      )}
      {(kind === 'embedding' || kind === 'rerank') && (
        <LanguagePicker
          value={(draft as EmbeddingDraft | RerankDraft).language}
          onChange={(language) => set({ language })}
        />
      )}
      {(kind === 'image' || kind === 'audio') && text('model_family', 'Model Family')}
      {kind === 'audio' && (
        <Checkbox
          label="Multilingual"
          checked={(draft as AudioDraft).multilingual}
          onChange={(multilingual) => set({ multilingual })}
        />
      )}
      {kind === 'image' && <ControlnetList draft={draft as ImageDraft} onChange={set} />}
      {kind === 'flexible' && text('launcher', 'Launcher')}
      {kind === 'flexible' && (
        <TextField
          label="Launcher Arguments (JSON)"
          value={(draft as FlexibleDraft).launcher_args}
          onChange={(launcher_args) => set({ launcher_args })}
          error={errors.launcher_args ?? null}
          multiline
          rows={3}
        />
      )}
    </div>
  )
}

/** SPEC §3: controlnet rows of name and path (family controlnet); the list may be empty, a row may not. */
function ControlnetList({
  draft,
  onChange,
}: {
  draft: ImageDraft
  onChange: (patch: Partial<ImageDraft>) => void
}) {
  const rows = draft.controlnet
  const change = (index: number, patch: Partial<ImageDraft['controlnet'][number]>) =>
    onChange({ controlnet: rows.map((row, at) => (at === index ? { ...row, ...patch } : row)) })
  return (
    <section className="register-fields" aria-labelledby="controlnet-title">
      <h2 id="controlnet-title" className="register-subtitle">
        Controlnet
      </h2>
      {rows.map((row, index) => (
        <div key={index} className="surface spec controlnet-row">
          <TextField
            label="Controlnet Name"
            value={row.model_name}
            error={!row.model_name}
            onChange={(model_name) => change(index, { model_name })}
          />
          <TextField
            label="Controlnet Path"
            value={row.model_uri}
            error={!row.model_uri}
            onChange={(model_uri) => change(index, { model_uri })}
          />
          <IconButton
            label={`Delete controlnet ${String(index + 1)}`}
            onClick={() => onChange({ controlnet: rows.filter((_, at) => at !== index) })}
          >
            <DeleteOutlineOutlinedIcon />
          </IconButton>
        </div>
      ))}
      <Button
        className="register-add"
        startIcon={<AddCircleOutlineOutlinedIcon />}
        onClick={() => onChange({ controlnet: [...rows, newControlnet()] })}
      >
        Add Controlnet
      </Button>
    </section>
  )
}
