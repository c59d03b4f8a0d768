import type { ApiKey } from '@serving-console/contract'
import { Button } from '../../../components/button'
import { Checkbox } from '../../../components/checkbox'
import { Chip } from '../../../components/chip'
import type { MessageId } from '../../../i18n/catalogue'
import { useT } from '../../../i18n/react'
import { formatTime, parseServerTime } from '../format'
import { ScrollTable } from '../../../components/scroll-table'
import { describeAccess } from './key-access'

const COLUMNS: readonly MessageId[] = [
  'system.keys.column.name',
  'system.keys.column.prefix',
  'system.keys.column.owner',
  'system.keys.column.access',
  'system.keys.column.expires',
  'system.keys.column.enabled',
  'system.keys.column.created',
]

interface KeysTableProps {
  keys: readonly ApiKey[]
  /** When the list was read: a key whose expiry is before it has expired. */
  readAt: number
  /** With `keys:manage`: enable or disable, delete. Without, the table only lists. */
  manage: {
    onEnable: (key: ApiKey, enabled: boolean) => void
    onDelete: (key: ApiKey) => void
    /** Where the server keeps limits (the platform): a key's limits. */
    onLimits: ((key: ApiKey) => void) | null
    /** Why a key's limits are not offered; null where they are. */
    limitsReason: (key: ApiKey) => string | null
  } | null
}

/** When the key ends: Never, or its time (and that it has passed). */
function Expiry({ at, readAt }: { at: string | null; readAt: number }) {
  const t = useT()
  if (!at) return <>{t('system.keys.expires.never')}</>
  const time = parseServerTime(at)
  return (
    <span className="system-chips">
      {formatTime(at)}
      {time && time.getTime() <= readAt && <Chip label={t('system.keys.expired')} tone="warning" />}
    </span>
  )
}

/** The API keys: never a secret, only its first characters. */
export function KeysTable({ keys, readAt, manage }: KeysTableProps) {
  const t = useT()
  return (
    <ScrollTable
      label={t('system.keys.region')}
      className="system-table"
      columns={manage ? [...COLUMNS, 'system.column.actions'] : COLUMNS}
    >
      {keys.map((key) => {
        const name = key.name ?? key.key_prefix
        const limitsReason = manage?.onLimits ? manage.limitsReason(key) : null
        const reasonId = `key-${String(key.id)}-limits`
        return (
          <tr key={key.id}>
            <th scope="row">
              {name}
              {key.description && <div className="muted">{key.description}</div>}
            </th>
            <td>
              <code>{key.key_prefix}</code>
            </td>
            <td>{key.owner_username ?? key.user_id ?? ''}</td>
            <td>
              <span className="system-chips">
                {describeAccess(key.model_permissions).map((access) => (
                  <Chip key={access} label={access} />
                ))}
              </span>
            </td>
            <td className="system-nowrap">
              <Expiry at={key.expires_at} readAt={readAt} />
            </td>
            <td>
              {manage ? (
                <Checkbox
                  kind="switch"
                  label={<span className="visually-hidden">{t('system.keys.enabledOf', { name })}</span>}
                  checked={key.enabled}
                  onChange={(enabled) => manage.onEnable(key, enabled)}
                />
              ) : key.enabled ? (
                t('system.yes')
              ) : (
                t('system.no')
              )}
            </td>
            <td className="system-nowrap">{formatTime(key.created_at)}</td>
            {manage && (
              <td>
                <span className="system-actions">
                  {manage.onLimits && (
                    <Button
                      size="small"
                      aria-label={t('system.limits.of', { name })}
                      disabled={limitsReason !== null}
                      aria-describedby={limitsReason ? reasonId : undefined}
                      onClick={() => manage.onLimits?.(key)}
                    >
                      {t('system.limits.edit')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    color="error"
                    aria-label={t('system.deleteOf', { name })}
                    onClick={() => manage.onDelete(key)}
                  >
                    {t('system.delete')}
                  </Button>
                </span>
                {limitsReason && (
                  <span id={reasonId} className="muted system-reason">
                    {limitsReason}
                  </span>
                )}
              </td>
            )}
          </tr>
        )
      })}
    </ScrollTable>
  )
}
