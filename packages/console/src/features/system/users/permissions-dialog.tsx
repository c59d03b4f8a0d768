import type { AdminUser, Scope } from '@serving-console/contract'
import { useState } from 'react'
import { useT } from '../../../i18n/react'
import { useUpdateUser } from '../api/system-changes'
import { SystemDialog } from '../system-dialog'
import { ScopeFields } from './scope-fields'
import { knownScopes } from './validation'

/** A user's permissions, changed at once (the server refuses scopes the caller does not hold). */
export function PermissionsDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const t = useT()
  const update = useUpdateUser({ inDialog: true })
  const [permissions, setPermissions] = useState<Scope[]>(() => knownScopes(user.permissions))
  return (
    <SystemDialog
      title={t('system.users.permissions.title', { username: user.username })}
      submitLabel={t('system.save')}
      onSubmit={() => update.mutate({ id: user.id, permissions }, { onSuccess: onClose })}
      onClose={onClose}
      change={update}
    >
      <ScopeFields value={permissions} onChange={setPermissions} />
    </SystemDialog>
  )
}
