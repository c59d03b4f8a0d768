import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined'
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
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
      onChange={(event) => set({ [field]: event.target.value })}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      multiline={props.multiline}
      minRows={props.multiline ? 2 : undefined}
    />
  )
  return (
    <Stack spacing={2.5}>
      <ModelNameField value={draft.model_name} onChange={(model_name) => set({ model_name })} />
      {kind === 'flexible' && text('model_description', 'Model Description (Optional)', { multiline: true })}
      {kind === 'embedding' && text('dimensions', 'Dimensions')}
      {kind === 'embedding' && text('max_tokens', 'Max Tokens')}
      {canReadFiles && (kind === 'embedding' || kind === 'rerank') ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box sx={{ flex: 1, display: 'grid' }}>{text('model_uri', 'Model Path')}</Box>
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
        </Stack>
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
        <FormControlLabel
          label="Multilingual"
          control={
            <Checkbox
              checked={(draft as AudioDraft).multilingual}
              onChange={(_event, multilingual) => set({ multilingual })}
            />
          }
        />
      )}
      {kind === 'image' && <ControlnetList draft={draft as ImageDraft} onChange={set} />}
      {kind === 'flexible' && text('launcher', 'Launcher')}
      {kind === 'flexible' && (
        <TextField
          label="Launcher Arguments (JSON)"
          value={(draft as FlexibleDraft).launcher_args}
          onChange={(event) => set({ launcher_args: event.target.value })}
          error={Boolean(errors.launcher_args)}
          helperText={errors.launcher_args}
          multiline
          minRows={3}
        />
      )}
    </Stack>
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
    <Stack spacing={1.5} component="section" aria-label="Controlnet">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        Controlnet
      </Typography>
      {rows.map((row, index) => (
        <Paper key={index} variant="outlined" sx={{ p: 2 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="Controlnet Name"
              value={row.model_name}
              error={!row.model_name}
              onChange={(event) => change(index, { model_name: event.target.value })}
              sx={{ flex: 1 }}
            />
            <TextField
              label="Controlnet Path"
              value={row.model_uri}
              error={!row.model_uri}
              onChange={(event) => change(index, { model_uri: event.target.value })}
              sx={{ flex: 2 }}
            />
            <IconButton
              aria-label={`Delete controlnet ${String(index + 1)}`}
              onClick={() => onChange({ controlnet: rows.filter((_, at) => at !== index) })}
            >
              <DeleteOutlineOutlined />
            </IconButton>
          </Stack>
        </Paper>
      ))}
      <Button
        startIcon={<AddCircleOutline />}
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => onChange({ controlnet: [...rows, newControlnet()] })}
      >
        Add Controlnet
      </Button>
    </Stack>
  )
}
