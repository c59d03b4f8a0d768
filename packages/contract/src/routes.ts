import { toWireModelType } from './model-types.js'

const segment = (value: string) => encodeURIComponent(value)

/**
 * Paths of every SPEC §7 call, relative to the API base. The console calls exactly these; the server answers
 * them and the same handlers at upstream's `/v1/...` paths (see `upstreamPath`).
 */
export const apiPaths = {
  clusterInfo: '/v1/cluster/info?detailed=true',
  clusterVersion: '/v1/cluster/version',
  clusterAuth: '/api/v1/cluster/auth',
  clusterDevices: '/api/v1/cluster/devices',
  registrations: (type: string, detailed = false) =>
    `/api/v1/model_registrations/${segment(toWireModelType(type))}${detailed ? '?detailed=true' : ''}`,
  registration: (type: string, modelName: string) =>
    `/api/v1/model_registrations/${segment(toWireModelType(type))}/${segment(modelName)}`,
  engines: (modelName: string) => `/api/v1/engines/${segment(modelName)}`,
  models: '/api/v1/models',
  model: (modelUid: string) => `/api/v1/models/${segment(modelUid)}`,
  prompts: '/api/v1/models/prompts',
  families: '/api/v1/models/families',
  cacheList: (modelName: string) => `/api/v1/cache/models?model_name=${segment(modelName)}`,
  cacheDelete: (modelVersion: string) => `/api/v1/cache/models?model_version=${segment(modelVersion)}`,
  modelUi: (modelUid: string) => `/${segment(modelUid)}`,
  createLlmUi: (modelUid: string) => `/api/v1/ui/${segment(modelUid)}`,
  createImageUi: (modelUid: string) => `/api/v1/ui/images/${segment(modelUid)}`,
  token: '/token',
} as const

/** Upstream Xinference serves every `/api/v1/x` of SPEC at `/v1/x`. */
export function upstreamPath(specPath: string): string {
  return specPath.startsWith('/api/v1/') ? specPath.slice('/api'.length) : specPath
}
