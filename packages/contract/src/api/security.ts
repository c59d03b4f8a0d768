import { OkResponse } from '../auth.js'
import {
  BannedIpList,
  BannedKeyList,
  RateLimitConfig,
  UnbanIpRequest,
  UnbanKeyRequest,
  UnbannedResponse,
} from '../security.js'
import { route } from './route.js'

/** Upstream v3's failure limits and the bans they made: administrators only. */
export const getRateLimit = route({
  method: 'GET',
  path: '/api/v1/admin/security/rate-limit',
  summary: 'The failure limits',
  answers: { 200: RateLimitConfig },
  access: 'admin',
  audit: 'admin',
})
export const setRateLimit = route({
  method: 'PUT',
  path: '/api/v1/admin/security/rate-limit',
  summary: 'Set the failure limits',
  body: RateLimitConfig,
  answers: { 200: OkResponse },
  access: 'admin',
  audit: 'admin',
})
export const listBannedIps = route({
  method: 'GET',
  path: '/api/v1/admin/security/banned-ips',
  summary: 'The banned addresses',
  answers: { 200: BannedIpList },
  access: 'admin',
  audit: 'admin',
})
export const unbanIp = route({
  method: 'POST',
  path: '/api/v1/admin/security/unban-ip',
  summary: 'Lift the ban of an address',
  body: UnbanIpRequest,
  answers: { 200: OkResponse },
  access: 'admin',
  audit: 'admin',
})
export const unbanAllIps = route({
  method: 'POST',
  path: '/api/v1/admin/security/unban-all-ips',
  summary: 'Lift the ban of every address',
  answers: { 200: UnbannedResponse },
  access: 'admin',
  audit: 'admin',
})
export const listBannedKeys = route({
  method: 'GET',
  path: '/api/v1/admin/security/banned-keys',
  summary: 'The API keys banned from an address',
  answers: { 200: BannedKeyList },
  access: 'admin',
  audit: 'admin',
})
export const unbanKey = route({
  method: 'POST',
  path: '/api/v1/admin/security/unban-key',
  summary: "Lift an API key's ban from an address",
  body: UnbanKeyRequest,
  answers: { 200: OkResponse },
  access: 'admin',
  audit: 'admin',
})
export const unbanAllKeys = route({
  method: 'POST',
  path: '/api/v1/admin/security/unban-all-keys',
  summary: 'Lift every ban of every API key',
  answers: { 200: UnbannedResponse },
  access: 'admin',
  audit: 'admin',
})
