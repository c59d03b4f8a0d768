import { ServerFeatures, TokenResponse } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { startReplayUpstream } from './support/replay-upstream.js'
import { RECORDED, recorded } from './gateway-helper.js'
import { afterThisTest, testGateway } from './helper.js'

describe('v3 sign-in through the gateway', () => {
  it('says a first admin is needed, refuses without a token, and signs in with a refresh token', async () => {
    const replay = await startReplayUpstream(`${RECORDED}v3.2.1`)
    afterThisTest(() => replay.close())
    const { url } = await testGateway(replay.url)
    expect(await (await fetch(`${url}/api/v1/admin/setup/status`)).json()).toMatchObject({
      needs_setup: true,
    })
    const refused = await fetch(`${url}/v1/cluster/info?detailed=true`)
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toBe('Bearer scope="admin"')
    const wrong = await fetch(`${url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(recorded('v3.2.1', '007').request.body),
    })
    expect(wrong.status).toBe(401)
    const token = await fetch(`${url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(recorded('v3.2.1', '008').request.body),
    })
    const signedIn = TokenResponse.parse(await token.json())
    expect(signedIn.token_type).toBe('bearer')
    expect(signedIn.refresh_token).toMatch(/^[\w-]{40,}$/)

    const features = ServerFeatures.parse(await (await fetch(`${url}/api/v1/console/features`)).json())
    expect(features.upstream?.kind).toBe('xinference')
    expect(features.upstream?.version).toMatch(/^3\./)
  })

  it("passes an expired token's 401 back and renews it through /v1/auth/refresh", async () => {
    const replay = await startReplayUpstream(`${RECORDED}v3.2.1`)
    afterThisTest(() => replay.close())
    const { url } = await testGateway(replay.url)
    const clusterInfo = (token: string) =>
      fetch(`${url}/v1/cluster/info?detailed=true`, { headers: { authorization: `Bearer ${token}` } })
    const expired = await clusterInfo('an.expired.token')
    expect(expired.status).toBe(401)
    expect(await expired.json()).toEqual({ detail: 'Could not validate credentials' })

    const refresh = (refresh_token: string) =>
      fetch(`${url}/v1/auth/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token }),
      })
    const { refresh_token } = recorded('v3.2.1', '008').response.body as { refresh_token: string }
    const renewed = TokenResponse.parse(await (await refresh(refresh_token)).json())
    expect(renewed.refresh_token).not.toBe(refresh_token)
    expect((await clusterInfo(renewed.access_token)).status).toBe(200)

    const garbage = await refresh('garbage-refresh-token')
    expect(garbage.status).toBe(401)
    expect(await garbage.json()).toEqual({ detail: 'Invalid or expired refresh token' })
  })
})
