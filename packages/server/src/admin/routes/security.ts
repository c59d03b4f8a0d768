import { api } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import type { FailureBans } from '../auth/failure-bans.js'
import { HttpError } from '../../http/http-error.js'
import { serve } from '../../http/serve.js'

/** Upstream v3's security settings (admin): the failure limits, and the bans they made, lifted one or all at once. */
export async function securityRoutes(
  app: FastifyInstance,
  options: { bans: FailureBans | null; reason: string },
) {
  const bans = () => {
    if (!options.bans) throw new HttpError(400, options.reason)
    return options.bans
  }
  serve(app, api.getRateLimit, () => bans().config())
  serve(app, api.setRateLimit, (request) => {
    bans().setConfig(request.body)
    return { ok: true }
  })
  serve(app, api.listBannedIps, () => bans().bannedIps())
  serve(app, api.unbanIp, (request) => {
    if (!request.body.ip) throw new HttpError(400, 'ip required')
    bans().unbanIp(request.body.ip)
    return { ok: true }
  })
  serve(app, api.unbanAllIps, () => ({ unbanned: bans().unbanAllIps() }))
  serve(app, api.listBannedKeys, () => bans().bannedKeys())
  serve(app, api.unbanKey, (request) => {
    const { ip, key_id } = request.body
    if (!ip || key_id === undefined) throw new HttpError(400, 'ip and key_id required')
    bans().unbanKey(ip, key_id)
    return { ok: true }
  })
  serve(app, api.unbanAllKeys, () => ({ unbanned: bans().unbanKeys() }))
}
