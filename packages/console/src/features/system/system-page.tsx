import { api, scopesOf, type Route } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { Navigate, useParams } from 'react-router'
import { Notice } from '../../components/notice'
import { PageHeader } from '../../components/page-header'
import { Spinner } from '../../components/spinner'
import type { MessageId } from '../../i18n/catalogue'
import { useT } from '../../i18n/react'
import { mayOpen } from '../../lib/auth'
import { routes, SYSTEM_PAGES, type SystemPage as Page } from '../../lib/routes'
import { serverFeaturesQuery } from '../../lib/server-features'
import { AdministrationNotice } from './administration-notice'
import { AlertsPage } from './alerts/alerts-page'
import { AuditPage } from './audit/audit-page'
import { CachePage } from './cache/cache-page'
import { ClustersPage } from './clusters/clusters-page'
import { PermissionNotice } from './permission-notice'
import { KeysPage } from './keys/keys-page'
import { SecurityPage } from './security/security-page'
import { UsagePage } from './usage/usage-page'
import { UsersPage } from './users/users-page'

/** Each page: its title, its content, and the list it reads, whose route says which scopes open the page. */
const PAGES: Record<Page, { title: MessageId; Content: ComponentType; list: Route }> = {
  users: { title: 'shell.nav.users', Content: UsersPage, list: api.listUsers },
  keys: { title: 'shell.nav.keys', Content: KeysPage, list: api.listKeys },
  security: { title: 'shell.nav.security', Content: SecurityPage, list: api.getRateLimit },
  audit: { title: 'shell.nav.audit', Content: AuditPage, list: api.searchAudit },
  usage: { title: 'shell.nav.usage', Content: UsagePage, list: api.getUsage },
  alerts: { title: 'shell.nav.alerts', Content: AlertsPage, list: api.listAlerts },
  cache: { title: 'shell.nav.cache', Content: CachePage, list: api.listCachedVersions },
  clusters: { title: 'shell.nav.clusters', Content: ClustersPage, list: api.listClusters },
}

/** The platform's own pages, and what they say in front of a cluster, which keeps neither. */
const PLATFORM_ONLY = {
  usage: { title: 'system.usage.unavailable.title', text: 'system.usage.unavailable.text' },
  clusters: { title: 'system.clusters.unavailable.title', text: 'system.clusters.unavailable.text' },
} as const satisfies Partial<Record<Page, { title: MessageId; text: MessageId }>>

/**
 * The permission the page takes when the signed-in token holds none of its scopes (the contract's route table;
 * admin holds all); null when it may be opened, or nothing is known (auth off, a token without scopes).
 */
function lackedPermission(list: Route): string | null {
  const scopes = scopesOf(list)
  return scopes.length === 0 || mayOpen(scopes) ? null : scopes.join(' / ')
}

const isPage = (value: string | undefined): value is Page =>
  (SYSTEM_PAGES as readonly (string | undefined)[]).includes(value)

/** One System page: its content where the server keeps users, else why there is nothing to manage here. */
function SystemScreen({ page }: { page: Page }) {
  const t = useT()
  const features = useQuery(serverFeaturesQuery)
  const { title, Content, list } = PAGES[page]
  // Opened by its address without the permission: say which it takes, rather than ask and be refused.
  const lacked = lackedPermission(list)
  // Features that could not be had: the page asks the server itself, which says what it cannot do.
  const administration = features.data?.administration ?? (features.isError ? 'users' : undefined)
  // The platform keeps its audit trail and usage whoever signs in, and without auth too (docs/platform.md); a
  // cluster keeps no usage per user or key (docs/quotas.md).
  const available =
    page === 'usage'
      ? features.data?.quotas !== false
      : page === 'clusters'
        ? features.data?.mode !== 'gateway'
        : // The cache and alerts are every server's: the platform's own, or on what the cluster tells.
          page === 'cache' ||
          page === 'alerts' ||
          administration === 'users' ||
          (page === 'audit' && features.data?.mode === 'platform')
  const platformOnly = page === 'usage' || page === 'clusters' ? PLATFORM_ONLY[page] : null
  return (
    <>
      <PageHeader title={t(title)} />
      {lacked ? (
        <PermissionNotice permission={lacked} />
      ) : administration === undefined ? (
        <Spinner label={t('common.loading')} />
      ) : available ? (
        <Content />
      ) : platformOnly ? (
        // Usage and Clusters are the platform's: a cluster keeps no usage per user, and a gateway holds one cluster.
        <Notice severity="info" title={t(platformOnly.title)}>
          {t(platformOnly.text)}
        </Notice>
      ) : (
        administration !== 'users' && <AdministrationNotice mode={administration} />
      )}
    </>
  )
}

/**
 * `#/system/{page}`: Users, API Keys, Security and Audit (upstream v3's administration), Usage, Alerts, the Model
 * Cache and Clusters.
 */
export function SystemPage() {
  const { page } = useParams()
  if (!isPage(page)) return <Navigate to={routes.system.href()} replace />
  // A page of its own per address, so the focus moves to its heading as on any other screen.
  return <SystemScreen key={page} page={page} />
}
