import TextField from '@mui/material/TextField'

/** SPEC §5's model-name hint; the server enforces the rule (the contract's ModelName) and the built-in clash. */
const NAME_HINT =
  'Alphanumeric characters with properly placed hyphens and underscores. Must not match any built-in model names.'

export function ModelNameField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label="Model Name"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText={NAME_HINT}
    />
  )
}
