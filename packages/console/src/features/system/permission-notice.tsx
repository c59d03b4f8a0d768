import { neededPermission } from '@serving-console/contract'
import { LoadError } from '../../components/load-error'
import { Notice } from '../../components/notice'
import { useT } from '../../i18n/react'
import { ApiError } from '../../lib/api-client'
import { missingPermission } from '../../lib/permission'

/** In place of a System page, or a list on it, that the signed-in user may not see: which permission it takes. */
export function PermissionNotice({ permission }: { permission: string }) {
  const t = useT()
  return (
    <Notice severity="info" title={t('system.permission.title')}>
      {missingPermission(permission)}
    </Notice>
  )
}

/** The permission a refused list read needed, from the route table; null for any other failure. */
function refusedRead(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403 || !error.response.url) return null
  return neededPermission('GET', new URL(error.response.url).pathname)
}

/**
 * A System list that could not be loaded. A 403 is said once, by the Permission Error dialog: here only which
 * permission the list takes, without a Retry that cannot help; any other failure, with its reason and a Retry.
 */
export function SystemLoadError(props: { title: string; error: unknown; onRetry: () => void }) {
  const permission = refusedRead(props.error)
  return permission ? <PermissionNotice permission={permission} /> : <LoadError {...props} />
}
