import { get as httpGet, type IncomingHttpHeaders } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { gatewayTo, recorded } from './gateway-helper.js'

/** A GET with exactly the given Accept-Encoding (fetch would set its own and decompress). */
function getRaw(url: string, acceptEncoding?: string) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }
    httpGet(url, { headers }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }))
    }).on('error', reject)
  })
}

describe('the gateway compresses what upstream sends plain', () => {
  it('sends large JSON as brotli or gzip where the browser takes it, small answers as they are', async () => {
    const { url } = await gatewayTo('v2.12.0')
    const catalogue = `${url}/api/v1/model_registrations/LLM?detailed=true`
    const families = recorded('v2.12.0', '030').response.body
    const br = await getRaw(catalogue, 'gzip, deflate, br, zstd')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('accept-encoding')
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(families)
    expect(br.body.length).toBeLessThan(JSON.stringify(families).length / 10)
    const gzip = await getRaw(catalogue, 'gzip, deflate')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(families)
    for (const refused of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await getRaw(catalogue, refused)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(JSON.parse(plain.body.toString())).toEqual(families)
    }
    const small = await getRaw(`${url}/api/v1/cluster/devices`, 'gzip, br')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(small.body.toString())).toEqual(recorded('v2.12.0', '023').response.body)
  })
})
