import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined'
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { useEffect, useRef } from 'react'
import { FORMATS, newSpec, type SpecDraft } from '../model/forms'

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
    <Box component="section" aria-label="Model Specs">
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Model Specs
      </Typography>
      <Stack spacing={2} sx={{ maxHeight: 520, overflowY: 'auto', pr: 1 }}>
        {specs.map((spec, index) => {
          const key = `specs.${String(index)}`
          return (
            <Paper key={index} variant="outlined" sx={{ p: 2 }} aria-label={`Spec ${String(index + 1)}`}>
              <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
                <Typography sx={{ flex: 1, fontWeight: 600 }}>Spec {index + 1}</Typography>
                {specs.length > 1 && (
                  <Tooltip title="Delete spec">
                    <IconButton
                      aria-label={`Delete spec ${String(index + 1)}`}
                      onClick={() => onChange(specs.filter((_, at) => at !== index))}
                    >
                      <DeleteOutlineOutlined />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
              <Stack spacing={2}>
                <TextField
                  select
                  label="Model Format"
                  value={spec.format}
                  onChange={(event) => change(index, { format: event.target.value as SpecDraft['format'] })}
                >
                  {FORMATS.map((format) => (
                    <MenuItem key={format} value={format}>
                      {format}
                    </MenuItem>
                  ))}
                </TextField>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <TextField
                    label={pathLabel(spec.format)}
                    value={spec.path}
                    onChange={(event) => change(index, { path: event.target.value })}
                    placeholder={spec.format === 'ggufv2' ? '/path/to/model-q4_k_m.gguf' : '/path/to/model'}
                    sx={{ flex: 1 }}
                  />
                  {spec.format === 'ggufv2' && onFillFromFile && (
                    <Button disabled={!spec.path} onClick={() => onFillFromFile(index)}>
                      Fill from file
                    </Button>
                  )}
                </Stack>
                <TextField
                  label="Model Size in Billions"
                  value={spec.size}
                  onChange={(event) => change(index, { size: event.target.value })}
                  error={Boolean(errors[`${key}.size`])}
                  helperText={errors[`${key}.size`]}
                />
                {spec.format !== 'pytorch' && (
                  <TextField
                    label={
                      spec.format === 'gptq' || spec.format === 'awq'
                        ? 'Quantization'
                        : 'Quantization (optional)'
                    }
                    value={spec.quantization}
                    onChange={(event) => change(index, { quantization: event.target.value })}
                    error={Boolean(errors[`${key}.quantization`])}
                    helperText={errors[`${key}.quantization`]}
                  />
                )}
              </Stack>
            </Paper>
          )
        })}
        <div ref={end} />
      </Stack>
      <Button startIcon={<AddCircleOutline />} sx={{ mt: 1 }} onClick={() => onChange([...specs, newSpec()])}>
        Add Spec
      </Button>
    </Box>
  )
}
