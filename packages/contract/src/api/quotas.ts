import { UserIdParams } from '../auth.js'
import { KeyIdParams } from '../keys.js'
import { UidParams } from '../launches.js'
import { Limits, LimitsList, QuotaAnswer, SubjectLimits, UsageAnswer, UsageQuery } from '../quotas.js'
import { route } from './route.js'

/*
 * Limits and usage (docs/quotas.md): the platform's own, at SPEC-style paths only (upstream has none, so their
 * `/v1` paths stay upstream's). A user's limits are set by whoever manages users, a key's by whoever manages keys, a
 * model's (for everyone who calls it) by an administrator.
 */
export const listLimits = route({
  method: 'GET',
  path: '/api/v1/limits',
  upstreamAlias: false,
  summary: 'Every user, key and model with a limit set, and their usage against it',
  answers: { 200: LimitsList },
  access: 'admin',
  audit: 'admin',
})
export const getUserLimits = route({
  method: 'GET',
  path: '/api/v1/admin/users/:user_id/limits',
  upstreamAlias: false,
  summary: "A user's limits and usage against them",
  params: UserIdParams,
  answers: { 200: SubjectLimits },
  access: 'users:manage',
  audit: 'admin',
})
export const setUserLimits = route({
  method: 'PUT',
  path: '/api/v1/admin/users/:user_id/limits',
  upstreamAlias: false,
  summary: "Set a user's limits (null: none of that kind)",
  params: UserIdParams,
  body: Limits,
  answers: { 200: SubjectLimits },
  access: 'users:manage',
  audit: 'admin',
})
export const getKeyLimits = route({
  method: 'GET',
  path: '/api/v1/admin/keys/:key_id/limits',
  upstreamAlias: false,
  summary: "An API key's limits and usage against them",
  params: KeyIdParams,
  answers: { 200: SubjectLimits },
  access: 'keys:manage',
  audit: 'admin',
})
export const setKeyLimits = route({
  method: 'PUT',
  path: '/api/v1/admin/keys/:key_id/limits',
  upstreamAlias: false,
  summary: "Set an API key's limits (null: none of that kind)",
  params: KeyIdParams,
  body: Limits,
  answers: { 200: SubjectLimits },
  access: 'keys:manage',
  audit: 'admin',
})
export const getModelLimits = route({
  method: 'GET',
  path: '/api/v1/models/:model_uid/limits',
  upstreamAlias: false,
  summary: "A model's limits (for everyone who calls it) and usage against them",
  params: UidParams,
  answers: { 200: SubjectLimits },
  access: 'models:read',
  audit: 'admin',
})
export const setModelLimits = route({
  method: 'PUT',
  path: '/api/v1/models/:model_uid/limits',
  upstreamAlias: false,
  summary: "Set a running model's limits, for everyone who calls it (null: none of that kind)",
  params: UidParams,
  body: Limits,
  answers: { 200: SubjectLimits },
  access: 'admin',
  audit: 'admin',
})
export const getQuota = route({
  method: 'GET',
  path: '/api/v1/quota',
  upstreamAlias: false,
  summary: "The caller's limits and what remains of them (an API key may ask for its own)",
  answers: { 200: QuotaAnswer },
  access: 'models:read',
  apiKey: true,
  audit: 'admin',
})
export const getUsage = route({
  method: 'GET',
  path: '/api/v1/usage',
  upstreamAlias: false,
  summary: "Usage by step, user, key and model (the caller's own unless they manage users)",
  query: UsageQuery,
  answers: { 200: UsageAnswer },
  access: 'signed-in',
  audit: 'admin',
})
