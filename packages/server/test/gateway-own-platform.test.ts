import { ModelRegistrationList, ServerFeatures } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { testApp, testGateway } from './helper.js'

/** A gateway in front of a platform of our own, listening on a free port. */
async function gatewayToPlatform() {
  const platform = await testApp()
  await platform.listen({ host: '127.0.0.1', port: 0 })
  const address = platform.server.address()
  return testGateway(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`)
}

describe('the gateway in front of our own platform', () => {
  it('passes SPEC routes through and reports the platform', async () => {
    const { url } = await gatewayToPlatform()
    const features = ServerFeatures.parse(await (await fetch(`${url}/api/v1/console/features`)).json())
    expect(features).toMatchObject({ mode: 'gateway', model_logs: true, file_info: true })
    expect(features.upstream?.kind).toBe('serving-console')
    expect(await (await fetch(`${url}/api/v1/models/launches`)).json()).toEqual([])
    const catalogue = ModelRegistrationList.parse(
      await (await fetch(`${url}/api/v1/model_registrations/LLM?detailed=true`)).json(),
    )
    expect(catalogue.map((family) => family.model_name)).toContain('tiny-chat')
  })

  it('forwards a DELETE typed as JSON with no body, which the platform serves as one without', async () => {
    const { url } = await gatewayToPlatform()
    for (const headers of [{}, { 'content-type': 'application/json' }] as Record<string, string>[]) {
      const answer = await fetch(`${url}/api/v1/cache/models?model_version=nothing`, {
        method: 'DELETE',
        headers,
      })
      expect(answer.status, JSON.stringify(headers)).toBe(404)
      expect(await answer.json()).toEqual({ detail: 'No cached model version nothing' })
    }
  })
})
