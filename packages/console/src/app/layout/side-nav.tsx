import type { ComponentType } from 'react'
import { useLocation, useNavigate } from 'react-router'
import {
  AddBoxOutlinedIcon,
  DnsOutlinedIcon,
  GitHubIcon,
  RocketLaunchOutlinedIcon,
  ViewListOutlinedIcon,
} from '../../components/icons'
import { Logo } from '../../components/logo'
import { rememberSection, routes } from '../../lib/routes'
import './side-nav.css'

/** The public source repository that Contact Us opens. */
const SOURCE_REPOSITORY_URL = 'https://github.com/xorbitsai/inference'

interface Entry {
  label: string
  Icon: ComponentType
  to: string
}

/** SPEC §2: each entry opens its section's first tab, which the section then remembers. */
const ENTRIES: Entry[] = [
  { label: 'Launch Model', Icon: RocketLaunchOutlinedIcon, to: routes.launchModel.href('llm') },
  { label: 'Running Models', Icon: ViewListOutlinedIcon, to: routes.runningModels.href('LLM') },
  { label: 'Register Model', Icon: AddBoxOutlinedIcon, to: routes.registerModel.href('llm') },
  { label: 'Cluster Information', Icon: DnsOutlinedIcon, to: routes.clusterInfo.href() },
]

/**
 * The side navigation (SPEC §2 and §9: 20 % of the window, clamped to 287–320 px, in `side-nav.css`), drawn as MUI's
 * list but by plain CSS: the first screen renders no styled component (issue 14). The chosen section's entry is
 * `aria-current="page"`.
 */
export function SideNav() {
  const navigate = useNavigate()
  const active = useLocation().pathname.split('/')[1]

  const open = (entry: Entry) => {
    rememberSection(entry.to)
    void navigate(entry.to)
  }

  return (
    // The room the navigation takes in the page, and the navigation fixed in it.
    <div className="side-nav-room">
      <nav className="side-nav" aria-label="Main">
        <div className="side-nav-logo">
          <Logo />
        </div>
        <hr className="divider" />
        <div className="side-nav-list">
          {ENTRIES.map((entry) => (
            <button
              key={entry.to}
              type="button"
              className="side-nav-item"
              aria-current={active === entry.to.split('/')[1] ? 'page' : undefined}
              onClick={() => open(entry)}
            >
              <span className="side-nav-icon">
                <entry.Icon />
              </span>
              <span className="side-nav-label">{entry.label}</span>
            </button>
          ))}
          <hr className="divider side-nav-divider" />
          <a className="side-nav-item" href={SOURCE_REPOSITORY_URL} target="_blank" rel="noopener noreferrer">
            <span className="side-nav-icon">
              <GitHubIcon />
            </span>
            <span className="side-nav-label">Contact Us</span>
          </a>
        </div>
      </nav>
    </div>
  )
}
