import type { GgufFileInfo } from '@serving-console/contract'
import { Button, IconButton } from '../../../components/button'
import { Checkbox } from '../../../components/checkbox'
import { AddCircleOutlineOutlinedIcon, DeleteOutlineOutlinedIcon } from '../../../components/icons'
import '../../../components/surface.css'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
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
import { RegisterFields } from './model-name-field'
import { PathField } from './path-field'
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
  const t = useT()
  const set = (patch: Record<string, unknown>) => onChange({ ...draft, ...patch })
  const fillFromFile = (info: GgufFileInfo) => {
    if (kind !== 'embedding') return
    const embedding = draft as EmbeddingDraft
    set({
      dimensions: info.embedding_length ? String(info.embedding_length) : embedding.dimensions,
      max_tokens: info.context_length ? String(info.context_length) : embedding.max_tokens,
    })
  }
  const text = (field: string, label: string, props: { multiline?: boolean } = {}) => (
    <TextField
      label={label}
      value={textOf(draft, field)}
      onChange={(value) => set({ [field]: value })}
      error={errors[field] ?? null}
      multiline={props.multiline}
      rows={props.multiline ? 2 : undefined}
      data-field={field}
    />
  )
  // The plain text fields, keyed by the draft field (an API name) each edits; placed below by kind.
  const fields = {
    description: text('model_description', t('register.field.description'), { multiline: true }),
    dimensions: text('dimensions', t('register.field.dimensions')),
    maxTokens: text('max_tokens', t('register.field.maxTokens')),
    family: text('model_family', t('register.field.family')),
    launcher: text('launcher', t('register.field.launcher')),
  }
  return (
    <RegisterFields draft={draft} errors={errors} set={set}>
      {kind === 'flexible' && fields.description}
      {kind === 'embedding' && fields.dimensions}
      {kind === 'embedding' && fields.maxTokens}
      <PathField
        label={t('register.field.path')}
        value={textOf(draft, 'model_uri')}
        onChange={(model_uri) => set({ model_uri })}
        field="model_uri"
        // An embedding takes its vector width and context from the file; a rerank model's path is checked.
        onFilled={kind === 'embedding' || kind === 'rerank' ? fillFromFile : undefined}
      />
      {(kind === 'embedding' || kind === 'rerank') && (
        <LanguagePicker
          value={(draft as EmbeddingDraft | RerankDraft).language}
          onChange={(language) => set({ language })}
        />
      )}
      {(kind === 'image' || kind === 'audio') && fields.family}
      {kind === 'audio' && (
        <Checkbox
          label={t('register.field.multilingual')}
          checked={(draft as AudioDraft).multilingual}
          onChange={(multilingual) => set({ multilingual })}
        />
      )}
      {kind === 'image' && <ControlnetList draft={draft as ImageDraft} onChange={set} />}
      {kind === 'flexible' && fields.launcher}
      {kind === 'flexible' && (
        <TextField
          label={t('register.field.launcherArgs')}
          value={(draft as FlexibleDraft).launcher_args}
          onChange={(launcher_args) => set({ launcher_args })}
          data-field="launcher_args"
          error={errors.launcher_args ?? null}
          multiline
          rows={3}
        />
      )}
    </RegisterFields>
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
  const t = useT()
  const rows = draft.controlnet
  const change = (index: number, patch: Partial<ImageDraft['controlnet'][number]>) =>
    onChange({ controlnet: rows.map((row, at) => (at === index ? { ...row, ...patch } : row)) })
  return (
    <section className="register-fields" aria-labelledby="controlnet-title">
      <h2 id="controlnet-title" className="register-subtitle">
        {t('register.controlnet.title')}
      </h2>
      {rows.map((row, index) => (
        <div key={index} className="surface spec controlnet-row">
          <TextField
            label={t('register.controlnet.name')}
            value={row.model_name}
            error={!row.model_name}
            onChange={(model_name) => change(index, { model_name })}
          />
          <TextField
            label={t('register.controlnet.path')}
            value={row.model_uri}
            error={!row.model_uri}
            onChange={(model_uri) => change(index, { model_uri })}
          />
          <IconButton
            label={t('register.controlnet.delete', { number: index + 1 })}
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
        {t('register.controlnet.add')}
      </Button>
    </section>
  )
}
