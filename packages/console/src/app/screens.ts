import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { matchPath } from 'react-router'
import { themed } from '../components/themed'
import { prefetchLaunchPage } from '../features/launch-model/api/prefetch'
import { formChunk } from '../features/register-model/form-chunk'
import { preloadTable } from '../features/running-models/table-chunk'
import { loadAreasShown } from '../i18n/i18n'
import type { Area } from '../i18n/catalogue'
import { HOME, routes as paths } from '../lib/routes'

/**
 * SPEC §2's screens: where each is, how its code arrives and what it asks the server for first. Nothing here
 * renders, so `main.ts` starts the opening screen before React, the theme or the shell have arrived; `router.tsx`
 * renders the screens.
 */
export interface Screen {
  path: string
  /** Asks for the screen's code chunk, once. */
  load: () => Promise<unknown>
  /** The page, once its code is here; or why its code could not be had. */
  Page?: ComponentType
  failure?: { error: unknown }
  /** Starts the screen's requests with the navigation, beside its code chunk rather than after it. */
  prefetch?: (queryClient: QueryClient, params: Record<string, string | undefined>) => Promise<void>
  /**
   * Asks for code the screen shows once its answers are here (a data grid), beside its own chunk rather than after
   * it; the screen draws itself without it meanwhile.
   */
  preload?: () => Promise<void>
}

interface ScreenOptions extends Pick<Screen, 'prefetch' | 'preload'> {
  /** The areas of its own messages (i18n/catalogue.ts), fetched with its code in the language shown. */
  areas?: Area[]
}

function screen(
  path: string,
  importPage: () => Promise<ComponentType>,
  { prefetch, preload, areas = [] }: ScreenOptions = {},
): Screen {
  let loading: Promise<unknown> | undefined
  const result: Screen = {
    path,
    prefetch,
    preload,
    load: () =>
      (loading ??= Promise.all([importPage(), loadAreasShown(areas)]).then(
        ([Page]) => (result.Page = Page),
        (error: unknown) => (result.failure = { error }),
      )),
  }
  return result
}

/**
 * Each screen loads lazily, so the first page ships only the code it shows. (Launch Model in the first bundle was
 * measured: its first card came ~20 ms sooner, but the longer first task added 40–90 ms of long tasks;
 * docs/decisions/0012.)
 */
export const login = screen(
  paths.login.path,
  async () => (await import('../features/login/login-page')).LoginPage,
)
export const screens: Screen[] = [
  screen(
    paths.launchModel.path,
    async () => (await import('../features/launch-model/launch-model-page')).LaunchModelPage,
    { prefetch: (queryClient, params) => prefetchLaunchPage(queryClient, params.Modeltype) },
  ),
  // Screens with one of MUI's heavy components (the data grid, the autocomplete) come with MUI's theme.
  screen(
    paths.runningModels.path,
    () =>
      themed(async () => (await import('../features/running-models/running-models-page')).RunningModelsPage),
    { preload: preloadTable, areas: ['running'] },
  ),
  screen(
    paths.registerModel.path,
    () =>
      themed(async () => (await import('../features/register-model/register-model-page')).RegisterModelPage),
    { preload: formChunk.load, areas: ['register'] },
  ),
  screen(
    paths.clusterInfo.path,
    async () => (await import('../features/cluster-info/cluster-info-page')).ClusterInfoPage,
    { areas: ['cluster'] },
  ),
  // Its request code reads the running row's words (the snippets' names); its tables the System pages' columns.
  screen(
    paths.playground.path,
    async () => (await import('../features/playground/playground-page')).PlaygroundPage,
    { areas: ['playground', 'running', 'system'] },
  ),
  // MUI's dialogs (create, confirm, the key shown once) come with MUI's theme.
  screen(
    paths.system.path,
    () => themed(async () => (await import('../features/system/system-page')).SystemPage),
    { areas: ['system'] },
  ),
]

/**
 * Starts the code and the requests of the screen at `pathname` (the router's location, e.g. `/launch_model/llm`),
 * so that neither waits for the other, nor for the shell's auth check, which must be answered before a screen
 * renders. Called by `main.ts` for the address the console opens at, and by the router on every navigation. (The
 * router's first call repeats the opening one at no cost: `load` and the query client answer it with what is
 * already in flight.)
 */
export function prefetchScreen(queryClient: QueryClient, pathname: string): void {
  const found = screenAt(pathname)
  if (!found) return
  void found.screen.load() // a failure shows where the screen renders: the error screen
  void found.screen.prefetch?.(queryClient, found.params)
  void found.screen.preload?.() // as `load`, a failure shows where the code is used
}

/** The screen at `pathname` (the router's location, e.g. `/cluster_info`) and its route's parameters. */
export function screenAt(
  pathname: string,
): { screen: Screen; params: Record<string, string | undefined> } | undefined {
  for (const screen of [login, ...screens]) {
    const match = matchPath(`/${screen.path}`, pathname)
    if (match) return { screen, params: match.params }
  }
  return undefined
}

/**
 * Where the router shows `pathname`: its own screen's address, or HOME for the index (`/ui/`, the address a newcomer
 * opens) and anything unknown, as the router's table sends them.
 */
export const landingPath = (pathname: string): string => (screenAt(pathname) ? pathname : HOME)
