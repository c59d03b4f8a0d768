import { LaunchProgress, ServerFeatures } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { startReplayUpstream } from './support/replay-upstream.js'
import { gatewayTo, RECORDED, recorded } from './gateway-helper.js'
import { afterThisTest, testGateway } from './helper.js'

describe('the gateway under faults', () => {
  it('answers 502 naming the upstream when it is down, and recovers by itself when it is back', async () => {
    const replay = await startReplayUpstream(`${RECORDED}v2.12.0`)
    const port = Number(new URL(replay.url).port)
    await replay.close()
    const { url } = await testGateway(`http://127.0.0.1:${port}`)
    const down = await fetch(`${url}/api/v1/models`)
    expect(down.status).toBe(502)
    expect(((await down.json()) as { detail: string }).detail).toBe(
      `Cannot reach the Xinference cluster at http://127.0.0.1:${port}: ECONNREFUSED`,
    )
    const back = await startReplayUpstream(`${RECORDED}v2.12.0`, {}, port)
    afterThisTest(() => back.close())
    expect((await fetch(`${url}/api/v1/models`)).status).toBe(200)
    expect(
      ServerFeatures.parse(await (await fetch(`${url}/api/v1/console/features`)).json()).upstream?.version,
    ).toBe('2.12.0')
  })

  it('passes a plain-text answer through and reports a hang-up as 502', async () => {
    const { replay, call } = await gatewayTo('v2.12.0')
    replay.fault = 'plain-text'
    const text = await call('/api/v1/models')
    expect(text.status).toBe(500)
    expect(await text.text()).toBe('Internal Server Error: replayed fault')
    replay.fault = 'hang-up'
    const gone = await call('/api/v1/models')
    expect(gone.status).toBe(502)
    expect(((await gone.json()) as { detail: string }).detail).toMatch(
      /^Cannot reach the Xinference cluster at/,
    )
    replay.fault = 'plain-text'
    const adapted = await call('/api/v1/models/launches')
    expect(adapted.status).toBe(500)
  })

  it('keeps a slow launch open (no proxy timeout) while progress answers', async () => {
    const { post, call } = await gatewayTo('v1.8.0', { launchDelayMs: 1500 })
    await post('/api/v1/model_registrations/LLM', recorded('v1.8.0', '110').request.body)
    const launch = post('/api/v1/models', recorded('v1.8.0', '112').request.body)
    const progress = LaunchProgress.parse(await (await call('/api/v1/models/tiny/progress')).json())
    expect(progress.stage).toBeTypeOf('string')
    expect((await launch).status).toBe(200)
  })
})
