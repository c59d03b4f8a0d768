import { CircularProgress } from '@mui/material'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useReducer, type ComponentType } from 'react'
import { matchPath, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router'
import { prefetchLaunchPage } from '../features/launch-model/api/prefetch'
import { ErrorBoundary } from './error-boundary'
import { AppLayout } from './layout/app-layout'
import { HOME, routes as paths } from '../lib/routes'
import { RootShell } from './layout/root-shell'

interface Screen {
  path: string
  /** Asks for the screen's code chunk, once. */
  load: () => Promise<unknown>
  /** The page, once its code is here; or why its code could not be had. */
  Page?: ComponentType
  failure?: { error: unknown }
  /** Starts the screen's requests with the navigation, beside its code chunk rather than after it. */
  prefetch?: (queryClient: QueryClient, params: Record<string, string | undefined>) => void
}

function screen(
  path: string,
  importPage: () => Promise<ComponentType>,
  prefetch?: Screen['prefetch'],
): Screen {
  let loading: Promise<unknown> | undefined
  const result: Screen = {
    path,
    prefetch,
    load: () =>
      (loading ??= importPage().then(
        (Page) => (result.Page = Page),
        (error: unknown) => (result.failure = { error }),
      )),
  }
  return result
}

/**
 * A screen's page once its code is here, a spinner until then. Not React.lazy with Suspense: React keeps a fallback
 * it has shown for at least 300 ms, and the first screen's fallback showed even when its code had already arrived
 * (React.lazy always suspends on first render), which cost the first card 300 ms.
 */
function ScreenPage({ screen }: { screen: Screen }) {
  const [, settled] = useReducer((count: number) => count + 1, 0)
  useEffect(() => {
    if (!screen.Page && !screen.failure) void screen.load().then(settled)
  }, [screen])
  if (screen.failure) throw screen.failure.error
  return screen.Page ? (
    <screen.Page />
  ) : (
    <CircularProgress aria-label="Loading" sx={{ display: 'block', m: 4 }} />
  )
}

/**
 * SPEC §2's screens. Each loads lazily, so the first page ships only the code it shows. (Launch Model in the first
 * bundle was measured: its first card came ~20 ms sooner, but the longer first task added 40–90 ms of long tasks;
 * see bench/README.md.) The router is react-router's declarative one: its data router (loaders, actions, fetchers)
 * was twice the code for one loader, which `prefetchScreen` below replaces.
 */
const login = screen(paths.login.path, async () => (await import('../features/login/login-page')).LoginPage)
const screens: Screen[] = [
  screen(
    paths.launchModel.path,
    async () => (await import('../features/launch-model/launch-model-page')).LaunchModelPage,
    (queryClient, params) => prefetchLaunchPage(queryClient, params.Modeltype),
  ),
  screen(
    paths.runningModels.path,
    async () => (await import('../features/running-models/running-models-page')).RunningModelsPage,
  ),
  screen(
    paths.registerModel.path,
    async () => (await import('../features/register-model/register-model-page')).RegisterModelPage,
  ),
  screen(
    paths.clusterInfo.path,
    async () => (await import('../features/cluster-info/cluster-info-page')).ClusterInfoPage,
  ),
]

const route = (screen: Screen): RouteObject => ({
  path: screen.path,
  element: <ScreenPage screen={screen} />,
})

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
 * Starts the code and the requests of the screen at `pathname` (the router's location, e.g. `/launch_model/llm`),
 * so that neither waits for the other, nor for the shell's auth check, which must be answered before a screen renders.
 * Called before React's first render for the address the console opens at, and on every navigation. (The
 * navigation effect's first run repeats the opening call: it costs no request, as `load` and the query client
 * answer it with what is already in flight.)
 */
export function prefetchScreen(queryClient: QueryClient, pathname: string): void {
  for (const candidate of [login, ...screens]) {
    const match = matchPath(`/${candidate.path}`, pathname)
    if (!match) continue
    void candidate.load() // a failure shows where the screen renders: the error screen
    return candidate.prefetch?.(queryClient, match.params)
  }
}

/** The screens at the router's location, behind one error screen; rendered inside `<HashRouter>`. */
export function AppRoutes() {
  const { pathname } = useLocation()
  const queryClient = useQueryClient()
  useEffect(() => prefetchScreen(queryClient, pathname), [queryClient, pathname])
  return <ErrorBoundary resetKey={pathname}>{useRoutes(table)}</ErrorBoundary>
}
