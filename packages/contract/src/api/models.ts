import {
  LaunchList,
  LaunchProgress,
  LogsQuery,
  ModelLogs,
  NoContent,
  ReplicaList,
  UidParams,
} from '../launches.js'
import {
  LaunchRequest,
  LaunchResponse,
  ModelUsageHistory,
  RunningModel,
  RunningModelList,
} from '../models.js'
import { route } from './route.js'

/** Running models: launch, list, follow, restart, terminate (upstream's `/v1/models` routes and the platform's). */
export const launchModel = route({
  method: 'POST',
  path: '/api/v1/models',
  summary: 'Launch a model',
  body: LaunchRequest,
  answers: { 200: LaunchResponse },
  access: 'models:start',
  audit: 'admin',
})
export const listModels = route({
  method: 'GET',
  path: '/api/v1/models',
  summary: 'The running models (a key limited to some models lists only those)',
  answers: { 200: RunningModelList },
  access: 'models:list',
  apiKey: true,
  audit: 'admin',
})
export const listLaunches = route({
  method: 'GET',
  path: '/api/v1/models/launches',
  summary: 'Launches in flight or failed, with their progress',
  answers: { 200: LaunchList },
  access: 'models:list',
  audit: 'admin',
})
export const getModel = route({
  method: 'GET',
  path: '/api/v1/models/:model_uid',
  summary: 'One running model',
  params: UidParams,
  answers: { 200: RunningModel },
  access: 'models:list',
  apiKey: true,
  audit: 'admin',
})
export const terminateModel = route({
  method: 'DELETE',
  path: '/api/v1/models/:model_uid',
  summary: 'Terminate a model (or dismiss a failed launch)',
  params: UidParams,
  answers: { 200: NoContent },
  access: 'models:stop',
  audit: 'admin',
})
export const getLaunchProgress = route({
  method: 'GET',
  path: '/api/v1/models/:model_uid/progress',
  summary: "A launch's progress: stage, fraction done, downloads",
  params: UidParams,
  answers: { 200: LaunchProgress },
  access: 'models:read',
  audit: 'admin',
})
export const cancelLaunch = route({
  method: 'POST',
  path: '/api/v1/models/:model_uid/cancel',
  summary: 'Cancel a launch in flight',
  params: UidParams,
  answers: { 200: NoContent },
  access: 'models:stop',
  audit: 'admin',
})
export const listReplicas = route({
  method: 'GET',
  path: '/api/v1/models/:model_uid/replicas',
  summary: "A model's replicas and their state",
  params: UidParams,
  answers: { 200: ReplicaList },
  access: 'models:list',
  audit: 'admin',
})
export const restartModel = route({
  method: 'POST',
  path: '/api/v1/models/:model_uid/restart',
  summary: "The platform's own: start a model's failed replicas again",
  params: UidParams,
  answers: { 200: RunningModel },
  access: 'models:start',
  audit: 'admin',
})
export const getModelUsage = route({
  method: 'GET',
  path: '/api/v1/models/:model_uid/usage',
  summary: "The platform's own: a model's usage, the last hour minute by minute",
  params: UidParams,
  answers: { 200: ModelUsageHistory },
  access: 'models:list',
  audit: 'admin',
})
export const getModelLogs = route({
  method: 'GET',
  path: '/api/v1/models/:model_uid/logs',
  summary: "The end of a model's log",
  params: UidParams,
  query: LogsQuery,
  answers: { 200: ModelLogs },
  access: 'models:read',
  audit: 'admin',
})
