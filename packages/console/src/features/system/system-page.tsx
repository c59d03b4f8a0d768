import { useQuery } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { Navigate, useParams } from 'react-router'
import { PageHeader } from '../../components/page-header'
import { Spinner } from '../../components/spinner'
import type { MessageId } from '../../i18n/catalogue'
import { useT } from '../../i18n/react'
import { routes, SYSTEM_PAGES, type SystemPage as Page } from '../../lib/routes'
import { serverFeaturesQuery } from '../../lib/server-features'
import { AdministrationNotice } from './administration-notice'
import { AuditPage } from './audit/audit-page'
import { KeysPage } from './keys/keys-page'
import { SecurityPage } from './security/security-page'
import { UsersPage } from './users/users-page'

const PAGES: Record<Page, { title: MessageId; Content: ComponentType }> = {
  users: { title: 'system.nav.users', Content: UsersPage },
  keys: { title: 'system.nav.keys', Content: KeysPage },
  security: { title: 'system.nav.security', Content: SecurityPage },
  audit: { title: 'system.nav.audit', Content: AuditPage },
}

const isPage = (value: string | undefined): value is Page =>
  (SYSTEM_PAGES as readonly (string | undefined)[]).includes(value)

/** One System page: its content where the server keeps users, else why there is nothing to manage here. */
function SystemScreen({ page }: { page: Page }) {
  const t = useT()
  const features = useQuery(serverFeaturesQuery)
  const { title, Content } = PAGES[page]
  // Features that could not be had: the page asks the server itself, which says what it cannot do.
  const administration = features.data?.administration ?? (features.isError ? 'users' : undefined)
  // The platform keeps its audit trail whoever signs in, and without auth too (docs/platform.md).
  const available = administration === 'users' || (page === 'audit' && features.data?.mode === 'platform')
  return (
    <>
      <PageHeader title={t(title)} />
      {administration === undefined ? (
        <Spinner label={t('common.loading')} />
      ) : available ? (
        <Content />
      ) : (
        <AdministrationNotice mode={administration} />
      )}
    </>
  )
}

/** `#/system/{page}`: Users, API Keys, Security and Audit (upstream v3's administration). */
export function SystemPage() {
  const { page } = useParams()
  if (!isPage(page)) return <Navigate to={routes.system.href()} replace />
  // A page of its own per address, so the focus moves to its heading as on any other screen.
  return <SystemScreen key={page} page={page} />
}
