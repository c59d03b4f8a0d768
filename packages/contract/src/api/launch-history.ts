import {
  LaunchHistory,
  LaunchHistoryCreate,
  LaunchHistoryDone,
  LaunchHistoryParams,
  LaunchHistoryQuery,
} from '../launches.js'
import { route } from './route.js'

/** Upstream v3's launch history (the platform keeps one too): the settings to launch a model again. */
export const listLaunchHistory = route({
  method: 'GET',
  path: '/api/v1/launch_history',
  summary: "The caller's past launches, optionally of one model",
  query: LaunchHistoryQuery,
  answers: { 200: LaunchHistory },
  access: 'models:list',
  audit: 'admin',
})
export const recordLaunch = route({
  method: 'POST',
  path: '/api/v1/launch_history',
  summary: "Record a launch's settings",
  body: LaunchHistoryCreate,
  answers: { 200: LaunchHistoryDone },
  access: 'models:start',
  audit: 'admin',
})
export const deleteLaunchRecord = route({
  method: 'DELETE',
  path: '/api/v1/launch_history/:model_name/:model_uid',
  summary: 'Delete one recorded launch',
  params: LaunchHistoryParams,
  answers: { 200: LaunchHistoryDone },
  access: 'models:start',
  audit: 'admin',
})
