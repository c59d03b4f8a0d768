import { createHashRouter, Navigate, type RouteObject } from 'react-router'
import { ErrorScreen } from './error-screen'
import { AppLayout } from './layout/app-layout'
import { RootShell } from './layout/root-shell'

const HOME = '/launch_model/llm'

/** SPEC §2's route table. Screens load lazily, so the first page ships only the code it shows. */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <ErrorScreen />,
    children: [
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('../features/login/login-page')).LoginPage }),
      },
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to={HOME} replace /> },
          {
            path: 'launch_model/:Modeltype/:subType?',
            lazy: async () => ({
              Component: (await import('../features/launch-model/launch-model-page')).LaunchModelPage,
            }),
          },
          {
            path: 'running_models/:runningModelType',
            lazy: async () => ({
              Component: (await import('../features/running-models/running-models-page')).RunningModelsPage,
            }),
          },
          {
            path: 'register_model/:registerModelType/:model_name?',
            lazy: async () => ({
              Component: (await import('../features/register-model/register-model-page')).RegisterModelPage,
            }),
          },
          {
            path: 'cluster_info',
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

export function createRouter() {
  return createHashRouter(routes)
}
