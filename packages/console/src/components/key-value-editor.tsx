import { useState } from 'react'
import { useT } from '../i18n/react'
import { IconButton } from './button'
import { AddCircleOutlineOutlinedIcon, DeleteOutlineOutlinedIcon } from './icons'
import { TextField } from './text-field'
import { Toast } from './toast'
import './key-value-editor.css'

export interface KeyValueRow {
  key: string
  value: string
}

interface KeyValueEditorProps {
  label: string
  rows: KeyValueRow[]
  onChange: (rows: KeyValueRow[]) => void
  /** The key field's label ('key' by default) and the value field's ('value'). */
  keyLabel?: string
  valueLabel?: string
}

const complete = (row: KeyValueRow) => row.key.trim() !== '' && row.value.trim() !== ''

/**
 * A list of key/value rows (SPEC §5): a row can be added only when the last one is complete (SPEC §9's snackbar says
 * so otherwise), and keys must be unique.
 */
export function KeyValueEditor({
  label,
  rows,
  onChange,
  keyLabel: givenKeyLabel,
  valueLabel: givenValueLabel,
}: KeyValueEditorProps) {
  const t = useT()
  const keyLabel = givenKeyLabel ?? t('common.keyValue.key')
  const valueLabel = givenValueLabel ?? t('common.keyValue.value')
  // Whether the warning shows, not its words: they follow a change of language while it is up.
  const [warning, setWarning] = useState(false)
  const counts = new Map<string, number>()
  for (const row of rows) counts.set(row.key.trim(), (counts.get(row.key.trim()) ?? 0) + 1)

  const add = () => {
    const last = rows.at(-1)
    if (last && !complete(last)) {
      setWarning(true)
      return
    }
    onChange([...rows, { key: '', value: '' }])
  }
  const update = (index: number, patch: Partial<KeyValueRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)))

  return (
    <div className="key-value-editor">
      <div className="key-value-head">
        <span className="muted">{label}</span>
        <IconButton label={t('common.keyValue.add', { label })} size="small" color="primary" onClick={add}>
          <AddCircleOutlineOutlinedIcon fontSize="small" />
        </IconButton>
      </div>
      {rows.map((row, index) => {
        const duplicate = row.key.trim() !== '' && (counts.get(row.key.trim()) ?? 0) > 1
        return (
          <div className="key-value-row" key={index}>
            <TextField
              label={keyLabel}
              value={row.key}
              onChange={(key) => update(index, { key })}
              error={duplicate ? t('common.keyValue.unique', { key: row.key.trim() }) : null}
            />
            <TextField label={valueLabel} value={row.value} onChange={(value) => update(index, { value })} />
            <IconButton
              label={
                row.key
                  ? t('common.keyValue.remove', { keyLabel, key: row.key })
                  : t('common.keyValue.removeEmpty', { keyLabel })
              }
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              <DeleteOutlineOutlinedIcon fontSize="small" />
            </IconButton>
          </div>
        )
      })}
      {warning && (
        <Toast severity="warning" autoHideMs={3000} onClose={() => setWarning(false)}>
          {t('common.keyValue.incomplete')}
        </Toast>
      )}
    </div>
  )
}
