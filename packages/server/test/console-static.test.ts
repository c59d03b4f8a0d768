import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { acceptedLanguages, pageLocale } from '../src/http/console-page.js'
import { fakeConsoleBuild, tempDir, testApp } from './helper.js'

describe('console static files', () => {
  // / and /ui lead to the console; a path deep link, to its hash route.
  it.each([
    ['/', '/ui/'],
    ['/ui', '/ui/'],
    ['/ui/running_models/LLM', '/ui/#/running_models/LLM'],
  ])('leads %s to %s', async (url, location) => {
    const app = await testApp()
    const response = await app.inject(url)
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe(location)
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

  it("sends the build's brotli or gzip copy to a browser that accepts it", async () => {
    const consoleDir = fakeConsoleBuild()
    const script = 'console.log("serving console");\n'.repeat(100)
    const file = join(consoleDir, 'assets', 'index-def456.js')
    writeFileSync(file, script)
    writeFileSync(`${file}.br`, brotliCompressSync(script))
    writeFileSync(`${file}.gz`, gzipSync(script))
    const app = await testApp({ consoleDir })
    const url = '/ui/assets/index-def456.js'

    const brotli = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['content-type']).toMatch(/javascript/)
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotli.headers.vary).toBe('accept-encoding')
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script)

    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script)

    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
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

  it("sends the page of the browser's language, or of the language chosen in the console", async () => {
    const consoleDir = fakeConsoleBuild()
    for (const locale of ['zh-CN', 'ja'])
      writeFileSync(join(consoleDir, `index.${locale}.html`), `<html lang="${locale}">`)
    const app = await testApp({ consoleDir })
    const page = (headers: Record<string, string>) => app.inject({ url: '/ui/', headers })

    expect((await page({ 'accept-language': 'zh-TW,zh;q=0.9,en;q=0.8' })).body).toBe('<html lang="zh-CN">')
    expect((await page({ 'accept-language': 'fr, ja;q=0.5, en;q=0.2' })).body).toBe('<html lang="ja">')
    // The console's own choice wins over the browser's.
    expect((await page({ 'accept-language': 'ja', cookie: 'token=no_auth; language=zh-CN' })).body).toBe(
      '<html lang="zh-CN">',
    )
    // A language the build has no page for, or none asked: English, index.html itself.
    const korean = await page({ 'accept-language': 'ko' })
    expect(korean.body).toContain('<title>Serving Console</title>')
    expect(korean.headers.vary).toBe('accept-encoding, accept-language, cookie')
    expect(korean.headers['cache-control']).toBe('no-cache')
    expect((await page({ cookie: 'language=../../etc/passwd' })).body).toContain(
      '<title>Serving Console</title>',
    )
    expect((await app.inject({ url: '/ui/index.html', headers: { 'accept-language': 'ja' } })).body).toBe(
      '<html lang="ja">',
    )
  })
})

describe("the page's language", () => {
  it('reads Accept-Language by weight, then in order, without q=0 and *', () => {
    expect(acceptedLanguages('en;q=0.5, ko, ja;q=0.8, *, de;q=0')).toEqual(['ko', 'ja', 'en'])
    expect(acceptedLanguages('')).toEqual([])
    expect(acceptedLanguages('x;q=abc, y')).toEqual(['y'])
  })

  it('reads no more than 16 entries of a long header', () => {
    const header = [...Array.from({ length: 50 }, (_, index) => `x${String(index)}`), 'ja'].join(',')
    expect(acceptedLanguages(header)).toHaveLength(16)
    expect(pageLocale({ 'accept-language': header })).toBe('en')
  })

  it('takes the cookie only when it names a language of the console', () => {
    expect(pageLocale({ cookie: 'language=ko', 'accept-language': 'ja' })).toBe('ko')
    expect(pageLocale({ cookie: 'language=xx', 'accept-language': 'ja' })).toBe('ja')
    expect(pageLocale({})).toBe('en')
  })
})
