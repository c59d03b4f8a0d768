import { useEffect, useRef, useState, type ComponentType } from 'react'
import { Link, useLocation } from 'react-router'
import { IconButton } from '../../components/button'
import {
  AddBoxOutlinedIcon,
  CloseIcon,
  DnsOutlinedIcon,
  GitHubIcon,
  MenuIcon,
  RocketLaunchOutlinedIcon,
  ViewListOutlinedIcon,
} from '../../components/icons'
import { Logo } from '../../components/logo'
import type { MessageId } from '../../i18n/catalogue'
import { useT } from '../../i18n/react'
import { mayOpen } from '../../lib/auth'
import { rememberSection, routes } from '../../lib/routes'
import './side-nav.css'

/** The public source repository that Contact Us opens. */
const SOURCE_REPOSITORY_URL = 'https://github.com/xorbitsai/inference'

interface Entry {
  label: MessageId
  Icon: ComponentType
  to: string
  /** The scopes, any of them, that open its section (the server's route table; v3 adds `monitor:view`). */
  scopes: readonly string[]
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
    scopes: ['models:list'],
  },
  {
    label: 'shell.nav.runningModels',
    Icon: ViewListOutlinedIcon,
    to: routes.runningModels.href('LLM'),
    scopes: ['models:list'],
  },
  {
    label: 'shell.nav.registerModel',
    Icon: AddBoxOutlinedIcon,
    to: routes.registerModel.href('llm'),
    scopes: ['models:register'],
  },
  {
    label: 'shell.nav.clusterInfo',
    Icon: DnsOutlinedIcon,
    to: routes.clusterInfo.href(),
    scopes: ['monitor:view'],
  },
]

/** The entries: links (a middle click opens a tab), the chosen section's `aria-current="page"`. */
function NavList({ onFollow }: { onFollow?: () => void }) {
  const t = useT()
  const active = useLocation().pathname.split('/')[1]
  return (
    <div className="side-nav-list">
      {ENTRIES.filter((entry) => mayOpen(entry.scopes)).map((entry) => (
        <Link
          key={entry.to}
          to={entry.to}
          className="side-nav-item"
          aria-current={active === entry.to.split('/')[1] ? 'page' : undefined}
          onClick={() => {
            rememberSection(entry.to)
            onFollow?.()
          }}
        >
          <span className="side-nav-icon">
            <entry.Icon />
          </span>
          <span className="side-nav-label">{t(entry.label)}</span>
        </Link>
      ))}
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
