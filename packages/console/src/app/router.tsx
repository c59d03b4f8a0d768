import { useQueryClient } from '@tanstack/react-query'
import { useContext, useEffect, useLayoutEffect, useReducer } from 'react'
import { Navigate, parsePath, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router'
import { Spinner } from '../components/spinner'
import { useT } from '../i18n/react'
import { HOME } from '../lib/routes'
import { ErrorBoundary } from './error-boundary'
import { AppLayout } from './layout/app-layout'
import { RootShell } from './layout/root-shell'
import { revealConsole } from './shell/prerendered-shell'
import { RevealGate } from './shell/reveal-gate'
import { login, prefetchScreen, screens, type Screen } from './screens'

/**
 * A screen's page once its code is here, a spinner until then. Not React.lazy with Suspense: React keeps a fallback
 * it has shown for at least 300 ms, and the first screen's fallback showed even when its code had already arrived
 * (React.lazy always suspends on first render), which cost the first card 300 ms.
 */
export function ScreenPage({ screen }: { screen: Screen }) {
  const t = useT()
  const [, settled] = useReducer((count: number) => count + 1, 0)
  const { Page, failure } = screen // read once: what this render shows
  // Whether this render had the code, not whether it is here when the effect runs: it may land in between (a
  // transition renders in slices), and the spinner must not stay then. `load` answers at once in that case.
  const rendered = Boolean(Page ?? failure)
  useEffect(() => {
    if (!rendered) void screen.load().then(settled)
  }, [screen, rendered])
  // The screen is drawn (with its code, its answers or its loading state), and what the frame draws above it has
  // settled: the prerendered shell gives way.
  const gate = useContext(RevealGate)
  useLayoutEffect(() => {
    if (rendered && gate) revealConsole()
  }, [rendered, gate])
  if (failure) throw failure.error
  return Page ? <Page /> : <Spinner label={t('common.loading')} />
}

const route = (screen: Screen): RouteObject => ({
  path: screen.path,
  element: <ScreenPage screen={screen} />,
})

/**
 * The screens of `screens.ts` as react-router's routes, in the shell. The router is react-router's declarative
 * one: its data router (loaders, actions, fetchers) was twice the code for one loader, which `prefetchScreen`
 * replaces.
 */
const table: RouteObject[] = [
  {
    element: <RootShell />,
    children: [
      route(login),
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to={HOME} replace /> },
          ...screens.map(route),
          { path: '*', element: <Navigate to={HOME} replace /> },
        ],
      },
    ],
  },
]

/**
 * The router reads the address when it first renders and hears of changes only once its effect has run; the
 * first render is a transition, which yields to the browser in between, so an address changed then (a click on a
 * bookmark, Back) went unheard and the page showed another screen than the address bar until a reload. Once
 * mounted, the router is brought to the address the bar shows.
 */
export function useAddressBarOnMount() {
  const location = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    const shown = parsePath(window.location.hash.slice(1) || '/')
    const { pathname = '/', search = '', hash = '' } = shown
    if (pathname !== location.pathname || search !== location.search || hash !== location.hash) {
      void navigate({ pathname, search, hash }, { replace: true })
    }
    // Once: afterwards the router hears every change itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}

/** The screens at the router's location, behind one error screen; rendered inside `<HashRouter>`. */
export function AppRoutes() {
  const { pathname } = useLocation()
  const queryClient = useQueryClient()
  useAddressBarOnMount()
  useEffect(() => prefetchScreen(queryClient, pathname), [queryClient, pathname])
  return <ErrorBoundary resetKey={pathname}>{useRoutes(table)}</ErrorBoundary>
}
