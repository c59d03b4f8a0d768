import { api, type GgufFileInfo } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { Button } from '../../../components/button'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import { toastMessageFor } from '../../../lib/api-client'
import { apiMutation } from '../../../lib/api-query'
import { permissionFor } from '../../../lib/permission'
import { useServerFeature } from '../../../lib/server-features'
import './register-fields.css'

interface PathFieldProps {
  label: string
  value: string
  onChange: (value: string) => void
  placeholder?: string
  /** The key of this field's errors (`data-field`, see hooks/use-shown-errors.ts). */
  field: string
  /** Offers Fill from file, and takes what the file's header says. */
  onFilled?: ((info: GgufFileInfo) => void) | undefined
}

/**
 * A model path and, where the server can read the model's files (not a gateway: they live on the cluster), Fill
 * from file beside it. A path the server refuses is said under the field, where the user is looking, and read out
 * — not in a toast over the page; it goes once the path is changed.
 */
export function PathField({ label, value, onChange, placeholder, field, onFilled }: PathFieldProps) {
  const t = useT()
  // 'Fill from file': `GET /api/v1/models/file_info?path=` reads a GGUF file's header on the server (context
  // length, size, quantization, vector width). A path the server refuses is said under the field, by no toast.
  const fill = useMutation(
    apiMutation(api.getFileInfo, {
      send: (path: string) => ({ params: undefined, query: { path } }),
      meta: { shownOnScreen: () => true },
    }),
  )
  const canReadFiles = useServerFeature('file_info')
  const permission = permissionFor('models:register')
  const refusal = fill.isError && fill.variables === value ? toastMessageFor(fill.error) : null
  const input = (
    <TextField
      label={label}
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      data-field={field}
      error={refusal !== null}
      helperText={
        refusal && (
          <span role="alert" className="field-below-error">
            {refusal}
          </span>
        )
      }
    />
  )
  if (!onFilled || !canReadFiles) return input
  return (
    <div className="field-with-action">
      {input}
      <Button
        disabled={!value || !permission.allowed}
        title={permission.allowed ? undefined : permission.reason}
        loading={fill.isPending}
        onClick={() => fill.mutate(value, { onSuccess: onFilled })}
      >
        {t('register.field.fillFromFile')}
      </Button>
    </div>
  )
}
