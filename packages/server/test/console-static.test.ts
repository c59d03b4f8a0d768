import { describe, expect, it } from 'vitest'
import { tempDir, testApp } from './helper.js'

describe('console static files', () => {
  it('leads / and /ui to /ui/', async () => {
    const app = await testApp()
    for (const url of ['/', '/ui']) {
      const response = await app.inject(url)
      expect(response.statusCode).toBe(302)
      expect(response.headers.location).toBe('/ui/')
    }
  })

  it('serves index.html never cached and hashed assets cached for good', async () => {
    const app = await testApp()
    const index = await app.inject('/ui/')
    expect(index.statusCode).toBe(200)
    expect(index.headers['content-type']).toMatch(/text\/html/)
    expect(index.body).toContain('<title>Serving Console</title>')
    expect(index.headers['cache-control']).toBe('no-cache')
    const asset = await app.inject('/ui/assets/index-abc123.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('turns a path deep link into its hash route', async () => {
    const app = await testApp()
    const response = await app.inject('/ui/running_models/LLM')
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/ui/#/running_models/LLM')
  })

  it('answers a missing file with 404 {detail}', async () => {
    const app = await testApp()
    const response = await app.inject('/ui/assets/missing.js')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'Not Found' })
  })

  it('says how to fix a missing console build instead of a bare 404', async () => {
    const app = await testApp({ consoleDir: tempDir() })
    const response = await app.inject('/ui/')
    expect(response.statusCode).toBe(503)
    expect(response.json<{ detail: string }>().detail).toMatch(/npm run build/)
  })
})
