import { describe, expect, it } from 'vitest'
import { testApp } from './helper.js'

describe('cluster auth flag', () => {
  it('is off by default, at the SPEC path and the upstream path', async () => {
    const app = await testApp()
    for (const url of ['/api/v1/cluster/auth', '/v1/cluster/auth']) {
      const response = await app.inject(url)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ auth: false })
    }
  })
})
