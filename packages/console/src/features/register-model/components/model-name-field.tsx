import { TextField } from '../../../components/text-field'

/** SPEC §5's model-name hint; the server enforces the rule (the contract's ModelName) and the built-in clash. */
const NAME_HINT =
  'Alphanumeric characters with properly placed hyphens and underscores. Must not match any built-in model names.'

/** The name, its rule under it; a server's refusal of the name (taken, or a built-in's) in the rule's place. */
export function ModelNameField({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (value: string) => void
  error?: string | undefined
}) {
  return (
    <TextField
      label="Model Name"
      required
      value={value}
      onChange={onChange}
      helperText={NAME_HINT}
      error={error ?? null}
    />
  )
}
