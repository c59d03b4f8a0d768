import { CircularProgress } from '@mui/material'
import type { QueryClient } from '@tanstack/react-query'
import { createHashRouter, Navigate, type RouteObject } from 'react-router'
import { prefetchLaunchPage } from '../features/launch-model/api/prefetch'
import { ErrorScreen } from './error-screen'
import { AppLayout } from './layout/app-layout'
import { HOME, routes as paths } from '../lib/routes'
import { RootShell } from './layout/root-shell'

/**
 * SPEC §2's route table. Screens load lazily, so the first page ships only the code it shows; the Launch page's
 * loader starts its requests while its code arrives. (Launch Model in the first bundle was measured: its first
 * card came ~20 ms sooner, but the longer first task added 40–90 ms of long tasks; see bench/README.md.)
 */
const routesFor = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootShell />,
    errorElement: <ErrorScreen />,
    // Shown while the first screen's lazy chunk arrives (react-router asks for one whenever a route is lazy).
    hydrateFallbackElement: <CircularProgress aria-label="Loading" sx={{ display: 'block', m: 4 }} />,
    children: [
      {
        path: paths.login.path,
        lazy: async () => ({ Component: (await import('../features/login/login-page')).LoginPage }),
      },
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to={HOME} replace /> },
          {
            path: paths.launchModel.path,
            loader: ({ params }) => prefetchLaunchPage(queryClient, params.Modeltype),
            lazy: async () => ({
              Component: (await import('../features/launch-model/launch-model-page')).LaunchModelPage,
            }),
          },
          {
            path: paths.runningModels.path,
            lazy: async () => ({
              Component: (await import('../features/running-models/running-models-page')).RunningModelsPage,
            }),
          },
          {
            path: paths.registerModel.path,
            lazy: async () => ({
              Component: (await import('../features/register-model/register-model-page')).RegisterModelPage,
            }),
          },
          {
            path: paths.clusterInfo.path,
            lazy: async () => ({
              Component: (await import('../features/cluster-info/cluster-info-page')).ClusterInfoPage,
            }),
          },
          { path: '*', element: <Navigate to={HOME} replace /> },
        ],
      },
    ],
  },
]

export function createRouter(queryClient: QueryClient) {
  return createHashRouter(routesFor(queryClient))
}
