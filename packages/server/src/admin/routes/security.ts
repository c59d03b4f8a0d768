import {
  BannedIpList,
  BannedKeyList,
  OkResponse,
  RateLimitConfig,
  routePatterns,
  UnbanIpRequest,
  UnbanKeyRequest,
  UnbannedResponse,
} from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import type { FailureBans } from '../auth/failure-bans.js'
import { HttpError } from '../../http/http-error.js'
import type { ZodTypeProvider } from '../../http/zod-type-provider.js'
import { specAndUpstream } from '../../http/paths.js'

/** Upstream v3's security settings (admin): the failure limits, and the bans they made, lifted one or all at once. */
export async function securityRoutes(
  app: FastifyInstance,
  options: { bans: FailureBans | null; reason: string },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const bans = () => {
    if (!options.bans) throw new HttpError(400, options.reason)
    return options.bans
  }
  for (const url of specAndUpstream(routePatterns.rateLimit)) {
    typed.get(url, { schema: { response: { 200: RateLimitConfig } } }, () => bans().config())
    typed.put(url, { schema: { body: RateLimitConfig, response: { 200: OkResponse } } }, (request) => {
      bans().setConfig(request.body)
      return { ok: true }
    })
  }
  for (const url of specAndUpstream(routePatterns.bannedIps)) {
    typed.get(url, { schema: { response: { 200: BannedIpList } } }, () => bans().bannedIps())
  }
  for (const url of specAndUpstream(routePatterns.unbanIp)) {
    typed.post(url, { schema: { body: UnbanIpRequest, response: { 200: OkResponse } } }, (request) => {
      if (!request.body.ip) throw new HttpError(400, 'ip required')
      bans().unbanIp(request.body.ip)
      return { ok: true }
    })
  }
  for (const url of specAndUpstream(routePatterns.unbanAllIps)) {
    typed.post(url, { schema: { response: { 200: UnbannedResponse } } }, () => ({
      unbanned: bans().unbanAllIps(),
    }))
  }
  for (const url of specAndUpstream(routePatterns.bannedKeys)) {
    typed.get(url, { schema: { response: { 200: BannedKeyList } } }, () => bans().bannedKeys())
  }
  for (const url of specAndUpstream(routePatterns.unbanKey)) {
    typed.post(url, { schema: { body: UnbanKeyRequest, response: { 200: OkResponse } } }, (request) => {
      const { ip, key_id } = request.body
      if (!ip || key_id === undefined) throw new HttpError(400, 'ip and key_id required')
      bans().unbanKey(ip, key_id)
      return { ok: true }
    })
  }
  for (const url of specAndUpstream(routePatterns.unbanAllKeys)) {
    typed.post(url, { schema: { response: { 200: UnbannedResponse } } }, () => ({
      unbanned: bans().unbanKeys(),
    }))
  }
}
