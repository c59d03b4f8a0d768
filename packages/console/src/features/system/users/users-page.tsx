import type { AdminUser } from '@serving-console/contract'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { AddCircleOutlineOutlinedIcon } from '../../../components/icons'
import { useT } from '../../../i18n/react'
import { tokenScopes, tokenSubject } from '../../../lib/auth'
import { useDeleteUser, useUpdateUser } from '../api/system-changes'
import { useUsers } from '../api/system-reads'
import { SystemQuery } from '../system-query'
import { useServerFeature } from '../../../lib/server-features'
import { LimitsDialog } from '../limits/limits-dialog'
import { CreateUserDialog } from './create-user-dialog'
import { PasswordDialog } from './password-dialog'
import { PermissionsDialog } from './permissions-dialog'
import { userLimits } from './user-limits'
import { UsersTable } from './users-table'
import '../system.css'

type Open =
  { dialog: 'create' } | { dialog: 'permissions' | 'limits' | 'password' | 'delete'; user: AdminUser } | null

/** Users (`users:manage`): the server's users; create, enable or disable, permissions, a new password, delete. */
export function UsersPage() {
  const t = useT()
  const users = useUsers()
  const update = useUpdateUser()
  const remove = useDeleteUser()
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  const quotas = useServerFeature('quotas')

  return (
    <>
      <div className="system-toolbar">
        <p className="muted">{t('system.users.intro')}</p>
        <Button
          variant="contained"
          startIcon={<AddCircleOutlineOutlinedIcon />}
          onClick={() => setOpen({ dialog: 'create' })}
        >
          {t('system.users.create')}
        </Button>
      </div>
      <SystemQuery query={users} loadError={t('system.users.loadError')} empty={t('system.users.empty')}>
        {(data) => (
          <UsersTable
            users={data}
            limitsOf={(user) => userLimits(user, data, tokenScopes(), tokenSubject())}
            onEnable={(user, enabled) => update.mutate({ id: user.id, enabled })}
            onPermissions={(user) => setOpen({ dialog: 'permissions', user })}
            onLimits={quotas ? (user) => setOpen({ dialog: 'limits', user }) : null}
            onPassword={(user) => setOpen({ dialog: 'password', user })}
            onDelete={(user) => setOpen({ dialog: 'delete', user })}
          />
        )}
      </SystemQuery>
      {open?.dialog === 'create' && <CreateUserDialog onClose={close} />}
      {open?.dialog === 'permissions' && <PermissionsDialog user={open.user} onClose={close} />}
      {open?.dialog === 'password' && <PasswordDialog user={open.user} onClose={close} />}
      {open?.dialog === 'limits' && (
        <LimitsDialog
          subject={{ kind: 'user', id: open.user.id, name: open.user.username }}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={open?.dialog === 'delete'}
        text={
          open?.dialog === 'delete' ? t('system.users.delete.confirm', { username: open.user.username }) : ''
        }
        onConfirm={() => {
          if (open?.dialog === 'delete') remove.mutate(open.user.id)
          close()
        }}
        onCancel={close}
      />
    </>
  )
}
