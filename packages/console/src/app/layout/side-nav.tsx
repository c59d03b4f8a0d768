import { api, scopesOf } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type ComponentType } from 'react'
import { Link, useLocation } from 'react-router'
import { IconButton } from '../../components/button'
import {
  AddBoxOutlinedIcon,
  CloseIcon,
  DnsOutlinedIcon,
  GitHubIcon,
  HistoryIcon,
  BarChartOutlinedIcon,
  NotificationsOutlinedIcon,
  StorageOutlinedIcon,
  LanOutlinedIcon,
  MenuIcon,
  PeopleOutlinedIcon,
  RocketLaunchOutlinedIcon,
  SecurityOutlinedIcon,
  ViewListOutlinedIcon,
  VpnKeyOutlinedIcon,
} from '../../components/icons'
import { Logo } from '../../components/logo'
import type { MessageId } from '../../i18n/catalogue'
import { useT } from '../../i18n/react'
import { alertsQuery } from '../../lib/alerts'
import { hasToken, mayOpen } from '../../lib/auth'
import { rememberSection, routes } from '../../lib/routes'
import { useServerFeature } from '../../lib/server-features'
import './side-nav.css'

/** The public source repository that Contact Us opens. */
const SOURCE_REPOSITORY_URL = 'https://github.com/xorbitsai/inference'

interface Entry {
  label: MessageId
  Icon: ComponentType
  to: string
  /** The scopes, any of them, that open its section: those of the route its screen reads first (the route table). */
  scopes: readonly string[]
  /** A count beside it: the alerts firing that nobody acknowledged. */
  badge?: 'alerts'
}

/**
 * SPEC §2: each entry opens its section's first tab, which the section then remembers. A signed-in user sees
 * only the entries they may open; a direct link to another still meets SPEC's 403 dialog.
 */
const ENTRIES: Entry[] = [
  {
    label: 'shell.nav.launchModel',
    Icon: RocketLaunchOutlinedIcon,
    to: routes.launchModel.href('llm'),
    scopes: scopesOf(api.listModels),
  },
  {
    label: 'shell.nav.runningModels',
    Icon: ViewListOutlinedIcon,
    to: routes.runningModels.href('LLM'),
    scopes: scopesOf(api.listModels),
  },
  {
    label: 'shell.nav.registerModel',
    Icon: AddBoxOutlinedIcon,
    to: routes.registerModel.href('llm'),
    scopes: scopesOf(api.registerModel),
  },
  {
    label: 'shell.nav.clusterInfo',
    Icon: DnsOutlinedIcon,
    to: routes.clusterInfo.href(),
    // Upstream v3's scope for monitoring, which the route table does not name (its cluster routes need `admin`,
    // which holds every scope).
    scopes: ['monitor:view'],
  },
]

/** The System group: users and what goes with them, each page its own entry (`admin` opens all). */
const SYSTEM_ENTRIES: Entry[] = [
  {
    label: 'shell.nav.users',
    Icon: PeopleOutlinedIcon,
    to: routes.system.href('users'),
    scopes: scopesOf(api.listUsers),
  },
  {
    label: 'shell.nav.keys',
    Icon: VpnKeyOutlinedIcon,
    to: routes.system.href('keys'),
    scopes: scopesOf(api.listKeys),
  },
  {
    label: 'shell.nav.security',
    Icon: SecurityOutlinedIcon,
    to: routes.system.href('security'),
    scopes: scopesOf(api.getRateLimit),
  },
  {
    label: 'shell.nav.audit',
    Icon: HistoryIcon,
    to: routes.system.href('audit'),
    scopes: scopesOf(api.searchAudit),
  },
  {
    label: 'shell.nav.usage',
    Icon: BarChartOutlinedIcon,
    to: routes.system.href('usage'),
    scopes: scopesOf(api.getUsage),
  },
  {
    label: 'shell.nav.alerts',
    Icon: NotificationsOutlinedIcon,
    to: routes.system.href('alerts'),
    scopes: scopesOf(api.listAlerts),
    badge: 'alerts',
  },
  {
    label: 'shell.nav.cache',
    Icon: StorageOutlinedIcon,
    to: routes.system.href('cache'),
    scopes: scopesOf(api.listCachedVersions),
  },
  {
    label: 'shell.nav.clusters',
    Icon: LanOutlinedIcon,
    to: routes.system.href('clusters'),
    scopes: scopesOf(api.listClusters),
  },
]

/** Whether `to` is the screen at `pathname`: the section, and for System (one section, four entries) the page. */
function isCurrent(to: string, pathname: string): boolean {
  const [, section, page] = pathname.split('/')
  const [, entrySection, entryPage] = to.split('/')
  return section === entrySection && (section !== 'system' || page === entryPage)
}

/** One entry: a link (a middle click opens a tab), the chosen one's `aria-current="page"`. */
function NavEntry({ entry, pathname, onFollow }: { entry: Entry; pathname: string; onFollow?: () => void }) {
  const t = useT()
  return (
    <Link
      to={entry.to}
      className="side-nav-item"
      aria-current={isCurrent(entry.to, pathname) ? 'page' : undefined}
      onClick={() => {
        rememberSection(entry.to)
        onFollow?.()
      }}
    >
      <span className="side-nav-icon">
        <entry.Icon />
      </span>
      <span className="side-nav-label">{t(entry.label)}</span>
      {entry.badge === 'alerts' && <AlertsBadge />}
    </Link>
  )
}

/**
 * How many alerts fire unacknowledged, beside the inbox's entry (the strip under the header says it too): the
 * query the strip reads, so no request of its own. Nothing on a server without alerts, or while none fire.
 */
function AlertsBadge() {
  const t = useT()
  // The frame draws the navigation before the auth check has answered: a visitor on their way to Login is asked
  // nothing (a 401 here opened the sign-in dialog over Login when the features answered first).
  const alerts = useQuery({ ...alertsQuery, enabled: useServerFeature('alerts') && hasToken() })
  const firing = alerts.data?.unacknowledged ?? 0
  if (firing === 0) return null
  return (
    <span className="side-nav-badge">
      <span aria-hidden="true">{firing > 99 ? '99+' : firing}</span>
      <span className="visually-hidden">{t('shell.attention.alerts', { count: firing })}</span>
    </span>
  )
}

/** The entries, and the System group under its heading when the user may open any of it. */
function NavList({ onFollow }: { onFollow?: () => void }) {
  const t = useT()
  const headingId = useId()
  const { pathname } = useLocation()
  const system = SYSTEM_ENTRIES.filter((entry) => mayOpen(entry.scopes))
  return (
    <div className="side-nav-list">
      {ENTRIES.filter((entry) => mayOpen(entry.scopes)).map((entry) => (
        <NavEntry key={entry.to} entry={entry} pathname={pathname} onFollow={onFollow} />
      ))}
      {system.length > 0 && (
        <div role="group" aria-labelledby={headingId} className="side-nav-group">
          <div id={headingId} className="side-nav-group-heading">
            {t('shell.nav.system')}
          </div>
          {system.map((entry) => (
            <NavEntry key={entry.to} entry={entry} pathname={pathname} onFollow={onFollow} />
          ))}
        </div>
      )}
      <hr className="divider side-nav-divider" />
      <a className="side-nav-item" href={SOURCE_REPOSITORY_URL} target="_blank" rel="noopener noreferrer">
        <span className="side-nav-icon">
          <GitHubIcon />
        </span>
        <span className="side-nav-label">{t('shell.nav.contactUs')}</span>
      </a>
    </div>
  )
}

/**
 * The side navigation: from 600 px wide, SPEC §2 and §9's permanent column (20 % of the window, clamped to
 * 287–320 px, in `side-nav.css`); narrower, a bar with a menu button that opens the same entries in a drawer (a
 * modal dialog: Escape closes it and the focus returns to the button).
 */
export function SideNav() {
  const t = useT()
  const [open, setOpen] = useState(false)
  const drawer = useRef<HTMLDialogElement>(null)
  const menuButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const dialog = drawer.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <>
      {/* The room the navigation takes in the page, and the navigation fixed in it. */}
      <div className="side-nav-room">
        <nav className="side-nav" aria-label={t('shell.nav.main')}>
          <div className="side-nav-logo">
            <Logo />
          </div>
          <hr className="divider" />
          <NavList />
        </nav>
      </div>
      <header className="app-bar">
        <IconButton label={t('shell.nav.open')} ref={menuButton} onClick={() => setOpen(true)}>
          <MenuIcon />
        </IconButton>
        <Logo />
      </header>
      <dialog
        ref={drawer}
        className="nav-drawer"
        aria-label={t('shell.nav.drawer')}
        // Escape, or a click on the backdrop (the dialog itself, outside its panel).
        onClose={() => {
          setOpen(false)
          menuButton.current?.focus()
        }}
        onClick={(event) => {
          if (event.target === drawer.current) setOpen(false)
        }}
      >
        <nav className="nav-drawer-panel" aria-label={t('shell.nav.main')}>
          <div className="side-nav-logo nav-drawer-head">
            <Logo />
            <IconButton label={t('shell.nav.close')} onClick={() => setOpen(false)}>
              <CloseIcon />
            </IconButton>
          </div>
          <hr className="divider" />
          <NavList onFollow={() => setOpen(false)} />
        </nav>
      </dialog>
    </>
  )
}
