import Box from '@mui/material/Box'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import type { TextFieldProps } from '@mui/material/TextField'
import type { LaunchForm } from '../model/launch-form'

interface SelectFieldProps {
  label: string
  value: string
  options: readonly (string | { value: string; label: string; disabled?: boolean; hint?: string | null })[]
  onChange: (value: string) => void
  disabled?: boolean
  helperText?: string
}

/** A labelled single-choice field; options may be disabled with a reason. */
export function SelectField({ label, value, options, onChange, disabled, helperText }: SelectFieldProps) {
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      helperText={helperText}
    >
      {options.map((option) => {
        const item = typeof option === 'string' ? { value: option, label: option } : option
        return (
          <MenuItem
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            title={item.hint ?? undefined}
          >
            {item.label}
          </MenuItem>
        )
      })}
    </TextField>
  )
}

/** A text field that reports errors under itself. */
export function TextInput(props: TextFieldProps & { errorText?: string | null }) {
  const { errorText, ...rest } = props
  return (
    <TextField
      fullWidth
      size="small"
      error={Boolean(errorText)}
      helperText={errorText ?? rest.helperText}
      {...rest}
    />
  )
}

/** A number field with a lower bound (SPEC §5: N GPU Layers ≥ -1, Replica ≥ 1). */
export function NumberInput({
  label,
  value,
  min,
  onChange,
}: {
  label: string
  value: number
  min: number
  onChange: (value: number) => void
}) {
  return (
    <TextField
      fullWidth
      size="small"
      type="number"
      label={label}
      value={value}
      slotProps={{ htmlInput: { min } }}
      onChange={(event) => {
        const next = Number(event.target.value)
        if (event.target.value !== '' && Number.isFinite(next)) onChange(Math.max(min, Math.trunc(next)))
      }}
    />
  )
}

interface SharedFieldProps {
  form: LaunchForm
  onChange: (patch: Partial<LaunchForm>) => void
}

/** Model UID across the whole row; blank means the model name. */
export function ModelUidField({ form, onChange, modelName }: SharedFieldProps & { modelName: string }) {
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <TextInput
        label="Model UID (optional)"
        placeholder={modelName}
        value={form.modelUid}
        onChange={(event) => onChange({ modelUid: event.target.value })}
      />
    </Box>
  )
}

/** Download hub: none (the server's default), or one of the offered hubs. */
export function DownloadHubField({
  form,
  onChange,
  hubOptions,
}: SharedFieldProps & { hubOptions: string[] }) {
  return (
    <SelectField
      label="Download Hub (optional)"
      value={form.downloadHub || 'none'}
      options={['none', ...hubOptions]}
      onChange={(hub) => onChange({ downloadHub: hub === 'none' ? '' : hub })}
    />
  )
}
