import type { CreatedKey } from '@serving-console/contract'
import { useState } from 'react'
import { Select } from '../../../components/select'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import { useCreateApiKey } from '../api/system-changes'
import { SystemDialog } from '../system-dialog'
import { createKeyRequest, KEY_MODEL_TYPES, type Access } from './key-access'

const NAME_MAX = 64
const DESCRIPTION_MAX = 256
/** Keeps the date field's label above it: the browser draws its own placeholder (dd/mm/yyyy) in the field. */
const DATE_PLACEHOLDER = ' '
const OFF = 'off'

/** Today in the browser's calendar, as a date field's value (the first day a key may end). */
const today = () => {
  const now = new Date()
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** A new API key for the signed-in user: its name, a description, an expiry and the models it reaches. */
export function CreateKeyDialog({
  onCreated,
  onClose,
}: {
  onCreated: (key: CreatedKey) => void
  onClose: () => void
}) {
  const t = useT()
  const create = useCreateApiKey()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [expires, setExpires] = useState('')
  const [kind, setKind] = useState<Access['kind']>('all')
  const [type, setType] = useState<string>('LLM')
  const [model, setModel] = useState('')
  const [tried, setTried] = useState(false)

  const nameError = name.trim() === '' || name.trim().length > NAME_MAX ? t('system.keys.error.name') : null
  const modelError = kind === 'model_id' && model.trim() === '' ? t('system.keys.error.model') : null
  const access: Access =
    kind === 'model_type' ? { kind, type } : kind === 'model_id' ? { kind, model } : { kind: 'all' }

  const submit = () => {
    setTried(true)
    if (nameError || modelError) return
    create.mutate(createKeyRequest({ name, description, expires, access }), { onSuccess: onCreated })
  }

  return (
    <SystemDialog
      title={t('system.keys.create.title')}
      submitLabel={t('system.keys.create.submit')}
      onSubmit={submit}
      onClose={onClose}
      change={create}
    >
      <TextField
        label={t('system.keys.field.name')}
        value={name}
        onChange={setName}
        required
        autoFocus
        autoComplete={OFF}
        maxLength={NAME_MAX}
        error={tried ? nameError : null}
      />
      <TextField
        label={t('system.keys.field.description')}
        value={description}
        onChange={setDescription}
        maxLength={DESCRIPTION_MAX}
      />
      <TextField
        label={t('system.keys.field.expires')}
        type="date"
        min={today()}
        value={expires}
        onChange={setExpires}
        placeholder={DATE_PLACEHOLDER}
        helperText={t('system.keys.field.expiresHelp')}
      />
      <Select
        label={t('system.keys.field.access')}
        value={kind}
        onChange={(value) => setKind(value as Access['kind'])}
        options={[
          { value: 'all', label: t('system.keys.access.all') },
          { value: 'model_type', label: t('system.keys.access.oneType') },
          { value: 'model_id', label: t('system.keys.access.oneModel') },
        ]}
      />
      {kind === 'model_type' && (
        <Select
          label={t('system.keys.field.modelType')}
          value={type}
          onChange={setType}
          options={KEY_MODEL_TYPES}
        />
      )}
      {kind === 'model_id' && (
        <TextField
          label={t('system.keys.field.modelId')}
          value={model}
          onChange={setModel}
          required
          autoComplete={OFF}
          error={tried ? modelError : null}
          helperText={t('system.keys.field.modelIdHelp')}
        />
      )}
    </SystemDialog>
  )
}
