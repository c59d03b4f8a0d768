import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { isLoggedIn, signOut, tokenSubject } from '../lib/auth'
import { revokeRefreshToken } from '../lib/api-client'
import { routes } from '../lib/routes'
import { Button } from './button'
import { useT } from '../i18n/react'
import { ColorSchemeSwitch } from './color-scheme-switch'
import { LogoutIcon, PersonOutlineIcon } from './icons'
import { LanguageSelect } from './language-select'
import { OperationsTray } from './operations-tray'
import { useOwnPasswordChange } from '../lib/server-features'
import { lazyThemed } from './themed'
import './page-header.css'

// Its code (and MUI's dialog) comes when first opened.
const ChangePasswordDialog = lazyThemed(
  async () => (await import('./change-password-dialog')).ChangePasswordDialog,
)

/** Whether a screen was shown already since the page loaded: the first one leaves the focus where it is. */
let screenShown = false

/**
 * SPEC §2 "Page heading": the screen title and, for a signed-in user, who they are and LOG OUT; beside them the
 * language and the colour scheme. A screen opened from another takes the focus to its heading, so a keyboard or
 * screen reader user starts there.
 */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const heading = useRef<HTMLHeadingElement>(null)
  const t = useT()
  const mayChangePassword = useOwnPasswordChange()
  const [changing, setChanging] = useState(false)
  // The token's subject: who this tab is signed in as (none with auth off).
  const user = isLoggedIn() ? tokenSubject() : null

  useEffect(() => {
    if (screenShown) heading.current?.focus()
    screenShown = true
  }, [])

  const logOut = () => {
    revokeRefreshToken()
    signOut()
    // The next user must not see this one's data.
    queryClient.clear()
    void navigate(routes.login.href(), { replace: true })
  }

  return (
    <header className="page-header">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
      <OperationsTray />
      <LanguageSelect />
      <ColorSchemeSwitch />
      {user && (
        <span className="page-header-user" title={t('shell.signedInAs', { user })}>
          <PersonOutlineIcon fontSize="small" />
          <span className="visually-hidden">{t('shell.signedInAs', { user })}</span>
          <span aria-hidden>{user}</span>
        </span>
      )}
      {isLoggedIn() && mayChangePassword && (
        <Button variant="text" onClick={() => setChanging(true)}>
          {t('shell.account.open')}
        </Button>
      )}
      {isLoggedIn() && (
        <Button variant="outlined" startIcon={<LogoutIcon />} onClick={logOut}>
          {t('shell.logOut')}
        </Button>
      )}
      {changing && (
        <Suspense>
          <ChangePasswordDialog onClose={() => setChanging(false)} onSignedOut={logOut} />
        </Suspense>
      )}
    </header>
  )
}
