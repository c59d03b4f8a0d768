import type { AdminUser } from '@serving-console/contract'
import { Button } from '../../../components/button'
import { Checkbox } from '../../../components/checkbox'
import { Chip } from '../../../components/chip'
import type { MessageId } from '../../../i18n/catalogue'
import { useT } from '../../../i18n/react'
import { ScrollTable } from '../../../components/scroll-table'
import { formatTime } from '../format'
import type { UserLimits } from './user-limits'

const COLUMNS: readonly MessageId[] = [
  'system.users.column.username',
  'system.users.column.permissions',
  'system.users.column.enabled',
  'system.users.column.mustChange',
  'system.users.column.created',
  'system.column.actions',
]

interface UsersTableProps {
  users: readonly AdminUser[]
  /** Why an action on a user is not offered (shown beside it, disabled); null where it is. */
  limitsOf: (user: AdminUser) => UserLimits
  onEnable: (user: AdminUser, enabled: boolean) => void
  onPermissions: (user: AdminUser) => void
  /** Where the server keeps limits (the platform): a user's limits. */
  onLimits: ((user: AdminUser) => void) | null
  onPassword: (user: AdminUser) => void
  onDelete: (user: AdminUser) => void
}

/** One of a row's action buttons; `limit`, why it is not offered (null where it is). */
interface UserAction {
  text: string
  label: string
  limit: string | null
  onClick: () => void
  color?: 'error'
}

/** The server's users, a row each, with what may be done to each. */
export function UsersTable({
  users,
  limitsOf,
  onEnable,
  onPermissions,
  onLimits,
  onPassword,
  onDelete,
}: UsersTableProps) {
  const t = useT()
  return (
    <ScrollTable label={t('system.users.region')} className="system-table" columns={COLUMNS}>
      {users.map((user) => {
        const limits = limitsOf(user)
        // Each reason once, under the row's actions, and named by the actions it keeps from being offered.
        const reasons = [...new Set(Object.values(limits).filter((reason) => reason !== null))]
        const reasonId = `user-${String(user.id)}-limits`
        const describedBy = (reason: string | null) => (reason ? reasonId : undefined)
        // Each action's button: disabled, and described by the reason, where a limit keeps it from being offered.
        const actions: UserAction[] = [
          {
            text: t('system.users.permissions.edit'),
            label: t('system.users.permissions.of', { username: user.username }),
            limit: limits.permissions,
            onClick: () => onPermissions(user),
          },
          ...(onLimits
            ? [
                {
                  text: t('system.limits.edit'),
                  label: t('system.limits.of', { name: user.username }),
                  limit: limits.quota,
                  onClick: () => onLimits(user),
                },
              ]
            : []),
          {
            text: t('system.users.password.submit'),
            label: t('system.users.password.of', { username: user.username }),
            limit: limits.password,
            onClick: () => onPassword(user),
          },
          {
            text: t('system.delete'),
            label: t('system.deleteOf', { name: user.username }),
            limit: limits.remove,
            onClick: () => onDelete(user),
            color: 'error',
          },
        ]
        return (
          <tr key={user.id}>
            <th scope="row">{user.username}</th>
            <td>
              <span className="system-chips">
                {user.permissions.length === 0 ? (
                  <span className="muted">{t('system.none')}</span>
                ) : (
                  user.permissions.map((scope) => (
                    <Chip key={scope} label={scope} tone={scope === 'admin' ? 'primary' : 'default'} />
                  ))
                )}
              </span>
            </td>
            <td>
              <Checkbox
                kind="switch"
                label={
                  <span className="visually-hidden">
                    {t('system.users.enabledOf', { username: user.username })}
                    {limits.toggle && ` (${limits.toggle})`}
                  </span>
                }
                disabled={limits.toggle !== null}
                checked={user.enabled}
                onChange={(enabled) => onEnable(user, enabled)}
              />
            </td>
            <td>{user.must_change_password ? t('system.yes') : t('system.no')}</td>
            <td className="system-nowrap">{formatTime(user.created_at)}</td>
            <td>
              <span className="system-actions">
                {actions.map((action) => (
                  <Button
                    key={action.text}
                    size="small"
                    color={action.color}
                    aria-label={action.label}
                    disabled={action.limit !== null}
                    aria-describedby={describedBy(action.limit)}
                    onClick={action.onClick}
                  >
                    {action.text}
                  </Button>
                ))}
              </span>
              {reasons.length > 0 && (
                <span id={reasonId} className="muted system-reason">
                  {reasons.join(' ')}
                </span>
              )}
            </td>
          </tr>
        )
      })}
    </ScrollTable>
  )
}
