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
  /** The platform's own: the machine's use over the last minutes, kept by the server. */
  clusterHistory: (minutes: number) => `/api/v1/cluster/history?minutes=${String(minutes)}`,
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
  // Beyond SPEC, as upstream has them.
  /** Upstream v3 only: a refresh token for a new access token. Forwarded by the gateway, unknown to the platform. */
  authRefresh: '/v1/auth/refresh',
  /** Upstream v3 (and the platform's user store): the refresh token cannot be used again. */
  authLogout: '/v1/auth/logout',
  /** The platform's user store: every session of the signed-in user ends, this one too. */
  authLogoutAll: '/v1/auth/logout-all',
  launches: '/api/v1/models/launches',
  progress: (modelUid: string) => `/api/v1/models/${segment(modelUid)}/progress`,
  cancel: (modelUid: string) => `/api/v1/models/${segment(modelUid)}/cancel`,
  replicas: (modelUid: string) => `/api/v1/models/${segment(modelUid)}/replicas`,
  /** The platform's own: starts the model's failed replicas again. */
  restart: (modelUid: string) => `/api/v1/models/${segment(modelUid)}/restart`,
  /** Upstream v3's launch history (the platform keeps one too), for one model. */
  launchHistory: (modelName: string) => `/api/v1/launch_history?model_name=${segment(modelName)}`,
  /** The platform's own: a model's usage, the last hour minute by minute. */
  usage: (modelUid: string) => `/api/v1/models/${segment(modelUid)}/usage`,
  /** The platform's own: will each model of a kind fit here (no hub asked), and every quantization of one. */
  fitSummaries: (type: string) => `/api/v1/fit/${segment(toWireModelType(type))}`,
  fit: (type: string, modelName: string, query: string) =>
    `/api/v1/fit/${segment(toWireModelType(type))}/${segment(modelName)}${query ? `?${query}` : ''}`,
  logs: (modelUid: string, tail: number) => `/api/v1/models/${segment(modelUid)}/logs?tail=${String(tail)}`,
  chatCompletions: '/api/v1/chat/completions',
  completions: '/api/v1/completions',
  embeddings: '/api/v1/embeddings',
  rerank: '/api/v1/rerank',
  fileInfo: (path: string) => `/api/v1/models/file_info?path=${segment(path)}`,
  // The console's own: what the server behind it can do (embedded platform or gateway).
  features: '/api/v1/console/features',
  setupStatus: '/api/v1/admin/setup/status',
  setup: '/api/v1/admin/setup',
  /** Upstream v3's user management (the platform's with --auth). */
  users: '/api/v1/admin/users',
  user: (id: number) => `/api/v1/admin/users/${String(id)}`,
  userPassword: (id: number) => `/api/v1/admin/users/${String(id)}/password`,
  /** The platform's own: a signed-in user changes their password. */
  ownPassword: '/v1/auth/password',
  /** Upstream v3's API keys (the platform's with --auth). */
  keys: '/api/v1/admin/keys',
  key: (id: number) => `/api/v1/admin/keys/${String(id)}`,
  /** Upstream v3's failure limits and bans. */
  rateLimit: '/api/v1/admin/security/rate-limit',
  bannedIps: '/api/v1/admin/security/banned-ips',
  bannedKeys: '/api/v1/admin/security/banned-keys',
  unbanIp: '/api/v1/admin/security/unban-ip',
  unbanAllIps: '/api/v1/admin/security/unban-all-ips',
  unbanKey: '/api/v1/admin/security/unban-key',
  unbanAllKeys: '/api/v1/admin/security/unban-all-keys',
  /** Upstream v3's audit center; the CSV export is the platform's own. */
  auditSearch: (query: string) => `/api/v1/audit/search?${query}`,
  auditFilterOptions: '/api/v1/audit/filter-options',
  auditExport: (query: string) => `/api/v1/audit/export?${query}`,
} as const

/**
 * Route patterns the server registers, each at its SPEC path and at upstream's `/v1` path (see `upstreamPath`).
 * The server's handlers and the console's calls (through `apiPaths`) name the same routes.
 */
export const routePatterns = {
  clusterInfo: '/v1/cluster/info',
  clusterVersion: '/v1/cluster/version',
  clusterAuth: '/api/v1/cluster/auth',
  clusterDevices: '/api/v1/cluster/devices',
  clusterHistory: '/api/v1/cluster/history',
  registrations: '/api/v1/model_registrations/:model_type',
  registration: '/api/v1/model_registrations/:model_type/:model_name',
  engines: '/api/v1/engines/:model_name',
  models: '/api/v1/models',
  model: '/api/v1/models/:model_uid',
  prompts: '/api/v1/models/prompts',
  families: '/api/v1/models/families',
  cache: '/api/v1/cache/models',
  modelUi: '/:model_uid',
  createLlmUi: '/api/v1/ui/:model_uid',
  createImageUi: '/api/v1/ui/images/:model_uid',
  token: '/token',
  launches: '/api/v1/models/launches',
  progress: '/api/v1/models/:model_uid/progress',
  cancel: '/api/v1/models/:model_uid/cancel',
  replicas: '/api/v1/models/:model_uid/replicas',
  restart: '/api/v1/models/:model_uid/restart',
  usage: '/api/v1/models/:model_uid/usage',
  launchHistory: '/api/v1/launch_history',
  launchHistoryEntry: '/api/v1/launch_history/:model_name/:model_uid',
  fitSummaries: '/api/v1/fit/:model_type',
  fit: '/api/v1/fit/:model_type/:model_name',
  logs: '/api/v1/models/:model_uid/logs',
  chatCompletions: '/api/v1/chat/completions',
  completions: '/api/v1/completions',
  embeddings: '/api/v1/embeddings',
  rerank: '/api/v1/rerank',
  fileInfo: '/api/v1/models/file_info',
  features: '/api/v1/console/features',
  setupStatus: '/api/v1/admin/setup/status',
  setup: '/api/v1/admin/setup',
  authRefresh: '/v1/auth/refresh',
  authLogout: '/v1/auth/logout',
  authLogoutAll: '/v1/auth/logout-all',
  users: '/api/v1/admin/users',
  user: '/api/v1/admin/users/:user_id',
  userPassword: '/api/v1/admin/users/:user_id/password',
  userPermissions: '/api/v1/admin/users/:user_id/permissions',
  ownPassword: '/v1/auth/password',
  keys: '/api/v1/admin/keys',
  key: '/api/v1/admin/keys/:key_id',
  keyReveal: '/api/v1/admin/keys/:key_id/reveal',
  keyPermissions: '/api/v1/admin/keys/:key_id/permissions',
  keyBanned: '/api/v1/admin/keys/:key_id/banned',
  keyUnban: '/api/v1/admin/keys/:key_id/unban',
  keyUnbanAll: '/api/v1/admin/keys/:key_id/unban-all',
  rateLimit: '/api/v1/admin/security/rate-limit',
  bannedIps: '/api/v1/admin/security/banned-ips',
  bannedKeys: '/api/v1/admin/security/banned-keys',
  unbanIp: '/api/v1/admin/security/unban-ip',
  unbanAllIps: '/api/v1/admin/security/unban-all-ips',
  unbanKey: '/api/v1/admin/security/unban-key',
  unbanAllKeys: '/api/v1/admin/security/unban-all-keys',
  auditSearch: '/api/v1/audit/search',
  auditFilterOptions: '/api/v1/audit/filter-options',
  auditExport: '/api/v1/audit/export',
} as const

/** Upstream Xinference serves every `/api/v1/x` of SPEC at `/v1/x`. */
export function upstreamPath(specPath: string): string {
  return specPath.startsWith('/api/v1/') ? specPath.slice('/api'.length) : specPath
}
