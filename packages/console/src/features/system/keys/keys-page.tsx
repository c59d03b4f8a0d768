import type { ApiKey, CreatedKey } from '@serving-console/contract'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { AddCircleOutlineOutlinedIcon } from '../../../components/icons'
import { useT } from '../../../i18n/react'
import { mayOpen, tokenScopes, tokenSubject } from '../../../lib/auth'
import { permissionFor } from '../../../lib/permission'
import { useDeleteApiKey, useUpdateApiKey } from '../api/system-changes'
import { useApiKeys } from '../api/system-reads'
import { SystemQuery } from '../system-query'
import { useServerFeature } from '../../../lib/server-features'
import { LimitsDialog } from '../limits/limits-dialog'
import { keyLimitsReason } from './key-access'
import { CreateKeyDialog } from './create-key-dialog'
import { KeyCreatedDialog } from './key-created-dialog'
import { KeysTable } from './keys-table'
import '../system.css'

type Open =
  | { dialog: 'create' }
  | { dialog: 'created'; key: CreatedKey }
  | { dialog: 'delete' | 'limits'; key: ApiKey }
  | null

/**
 * API Keys (`keys:create` or `keys:manage`): with `keys:create` alone the list holds the caller's own keys, and
 * only `keys:manage` may disable or delete (the server decides; the console offers only what it allows).
 */
export function KeysPage() {
  const t = useT()
  const keys = useApiKeys()
  const update = useUpdateApiKey()
  const remove = useDeleteApiKey()
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  const quotas = useServerFeature('quotas')
  const manages = mayOpen(['keys:manage'])
  // keys:manage alone lists and changes everyone's keys but makes none (POST needs keys:create).
  const creating = permissionFor('keys:create')

  return (
    <>
      <div className="system-toolbar">
        <p className="muted">{manages ? t('system.keys.intro') : t('system.keys.introOwn')}</p>
        <span className="system-offer">
          {!creating.allowed && (
            <span id="create-key-reason" className="muted">
              {creating.reason}
            </span>
          )}
          <Button
            variant="contained"
            startIcon={<AddCircleOutlineOutlinedIcon />}
            disabled={!creating.allowed}
            aria-describedby={creating.allowed ? undefined : 'create-key-reason'}
            onClick={() => setOpen({ dialog: 'create' })}
          >
            {t('system.keys.create')}
          </Button>
        </span>
      </div>
      <SystemQuery query={keys} loadError={t('system.keys.loadError')} empty={t('system.keys.empty')}>
        {(data) => (
          <KeysTable
            keys={data}
            readAt={keys.dataUpdatedAt}
            manage={
              manages
                ? {
                    onEnable: (key, enabled) => update.mutate({ id: key.id, enabled }),
                    onDelete: (key) => setOpen({ dialog: 'delete', key }),
                    onLimits: quotas ? (key) => setOpen({ dialog: 'limits', key }) : null,
                    limitsReason: (key) => keyLimitsReason(key, tokenScopes(), tokenSubject()),
                  }
                : null
            }
          />
        )}
      </SystemQuery>
      {open?.dialog === 'create' && (
        <CreateKeyDialog onClose={close} onCreated={(key) => setOpen({ dialog: 'created', key })} />
      )}
      {open?.dialog === 'created' && <KeyCreatedDialog created={open.key} onClose={close} />}
      {open?.dialog === 'limits' && (
        <LimitsDialog
          subject={{ kind: 'key', id: open.key.id, name: open.key.name ?? open.key.key_prefix }}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={open?.dialog === 'delete'}
        text={
          open?.dialog === 'delete'
            ? t('system.keys.delete.confirm', { name: open.key.name ?? open.key.key_prefix })
            : ''
        }
        onConfirm={() => {
          if (open?.dialog === 'delete') remove.mutate(open.key.id)
          close()
        }}
        onCancel={close}
      />
    </>
  )
}
