import { useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { isLoggedIn, signOut } from '../lib/auth'
import { routes } from '../lib/routes'
import { LogoutIcon } from './icons'
import './button.css'
import './page-header.css'

/**
 * SPEC §2 "Page heading": the screen title and, for a signed-in user, LOG OUT (MUI's outlined button, drawn by
 * `button.css`: the first screen renders no styled component, issue 14).
 */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  const logOut = () => {
    signOut()
    // The next user must not see this one's data.
    queryClient.clear()
    void navigate(routes.login.href(), { replace: true })
  }

  return (
    <header className="page-header">
      <h1>{title}</h1>
      {children}
      {isLoggedIn() && (
        <button type="button" className="button button-outlined" onClick={logOut}>
          <span className="button-icon">
            <LogoutIcon />
          </span>
          LOG OUT
        </button>
      )}
    </header>
  )
}
