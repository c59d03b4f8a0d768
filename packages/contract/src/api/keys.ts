import { OkResponse } from '../auth.js'
import {
  ApiKey,
  ApiKeyList,
  CreatedKey,
  CreateKeyRequest,
  KeyIdParams,
  KeyListQuery,
  KeyPermissions,
  UpdateKeyRequest,
} from '../keys.js'
import { BannedIpList, UnbanIpRequest, UnbannedResponse } from '../security.js'
import { route } from './route.js'

/** Whoever may create keys sees their own; `keys:manage` sees and changes everyone's. */
const createOrManage = ['keys:create', 'keys:manage'] as const

/** Upstream v3's API keys (the platform's with its user store), and the bans of one key. */
export const createKey = route({
  method: 'POST',
  path: '/api/v1/admin/keys',
  summary: 'Create an API key (its secret is in this answer only)',
  body: CreateKeyRequest,
  answers: { 201: CreatedKey },
  access: 'keys:create',
  audit: 'admin',
})
export const listKeys = route({
  method: 'GET',
  path: '/api/v1/admin/keys',
  summary: "The caller's keys, or everyone's (one owner's with owner=) for keys:manage",
  query: KeyListQuery,
  answers: { 200: ApiKeyList },
  access: createOrManage,
  audit: 'admin',
})
export const getKey = route({
  method: 'GET',
  path: '/api/v1/admin/keys/:key_id',
  summary: 'One API key',
  params: KeyIdParams,
  answers: { 200: ApiKey },
  access: createOrManage,
  audit: 'admin',
})
export const updateKey = route({
  method: 'PUT',
  path: '/api/v1/admin/keys/:key_id',
  summary: 'Rename, enable, disable or limit an API key',
  params: KeyIdParams,
  body: UpdateKeyRequest,
  answers: { 200: OkResponse },
  access: 'keys:manage',
  audit: 'admin',
})
export const deleteKey = route({
  method: 'DELETE',
  path: '/api/v1/admin/keys/:key_id',
  summary: 'Remove an API key',
  params: KeyIdParams,
  answers: { 200: OkResponse },
  access: 'keys:manage',
  audit: 'admin',
})
// Keys are kept as hashes here: always refused (409), as a key is shown once, when it is created.
export const revealKey = route({
  method: 'GET',
  path: '/api/v1/admin/keys/:key_id/reveal',
  summary: "Upstream v3's key reveal (refused here: keys are kept as hashes)",
  params: KeyIdParams,
  access: 'keys:manage',
  audit: 'admin',
})
export const getKeyPermissions = route({
  method: 'GET',
  path: '/api/v1/admin/keys/:key_id/permissions',
  summary: 'The models an API key may reach',
  params: KeyIdParams,
  answers: { 200: KeyPermissions },
  access: 'keys:create',
  audit: 'admin',
})
export const setKeyPermissions = route({
  method: 'PUT',
  path: '/api/v1/admin/keys/:key_id/permissions',
  summary: 'Set the models an API key may reach',
  params: KeyIdParams,
  body: KeyPermissions,
  answers: { 200: OkResponse },
  access: 'keys:manage',
  audit: 'admin',
})
export const listKeyBans = route({
  method: 'GET',
  path: '/api/v1/admin/keys/:key_id/banned',
  summary: 'The addresses an API key is banned from',
  params: KeyIdParams,
  answers: { 200: BannedIpList },
  access: 'admin',
  audit: 'admin',
})
export const unbanKeyAddress = route({
  method: 'POST',
  path: '/api/v1/admin/keys/:key_id/unban',
  summary: "Lift an API key's ban from one address",
  params: KeyIdParams,
  body: UnbanIpRequest,
  answers: { 200: OkResponse },
  access: 'admin',
  audit: 'admin',
})
export const unbanKeyEverywhere = route({
  method: 'POST',
  path: '/api/v1/admin/keys/:key_id/unban-all',
  summary: 'Lift every ban of an API key',
  params: KeyIdParams,
  answers: { 200: UnbannedResponse },
  access: 'admin',
  audit: 'admin',
})
