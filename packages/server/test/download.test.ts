import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { downloadFile, type DownloadProgress } from '../src/platform/download/download-file.js'
import { fileUrl } from '../src/platform/download/hubs.js'
import { tinyModel } from '../src/platform/gguf/tiny-models.js'
import { tempDir } from './helper.js'
import { startLocalHub, TINY_GGUF_SIZE, type LocalHub } from './support/local-hub.js'

let hub: LocalHub | undefined
afterEach(async () => {
  await hub?.close()
  hub = undefined
})

const endpoints = (url: string) => ({ huggingface: url, modelscope: url })

describe('hub URLs', () => {
  it('follow each hub’s layout', () => {
    const base = { huggingface: 'https://hf.example/', modelscope: 'https://ms.example' }
    expect(fileUrl(base, 'huggingface', 'Qwen/Qwen2.5-0.5B-Instruct-GGUF', 'main', 'a b.gguf')).toBe(
      'https://hf.example/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/a%20b.gguf',
    )
    expect(fileUrl(base, 'modelscope', 'qwen/Qwen2.5-0.5B-Instruct-GGUF', 'master', 'x.gguf')).toBe(
      'https://ms.example/api/v1/models/qwen/Qwen2.5-0.5B-Instruct-GGUF/repo?Revision=master&FilePath=x.gguf',
    )
  })
})

describe('downloadFile', () => {
  it('downloads a whole file with progress up to its size', async () => {
    hub = await startLocalHub()
    const dest = join(tempDir(), 'model.gguf')
    const seen: DownloadProgress[] = []
    await downloadFile(fileUrl(endpoints(hub.url), 'huggingface', 'org/repo', 'main', 'model.gguf'), dest, {
      onProgress: (progress) => seen.push(progress),
    })
    expect(readFileSync(dest).equals(tinyModel('chat'))).toBe(true)
    expect(seen.at(-1)).toMatchObject({
      name: 'model.gguf',
      downloaded_bytes: TINY_GGUF_SIZE,
      total_bytes: TINY_GGUF_SIZE,
    })
    expect(existsSync(`${dest}.part`)).toBe(false)
  })

  it('resumes with a Range request after a dropped connection', async () => {
    hub = await startLocalHub({ dropFirstAfter: 100_000 })
    const dest = join(tempDir(), 'model.gguf')
    await downloadFile(fileUrl(endpoints(hub.url), 'modelscope', 'org/repo', 'master', 'model.gguf'), dest)
    expect(statSync(dest).size).toBe(TINY_GGUF_SIZE)
    expect(readFileSync(dest).equals(tinyModel('chat'))).toBe(true)
    const ranges = hub.requests.map((request) => request.range)
    expect(ranges[0]).toBeUndefined()
    expect(ranges[1]).toMatch(/^bytes=\d+-$/)
    expect(Number(/\d+/.exec(ranges[1] ?? '')?.[0])).toBeGreaterThan(0)
  })

  it('stops when aborted and keeps the part for a later resume', async () => {
    hub = await startLocalHub({ bytesPerSecond: 50_000 })
    const dest = join(tempDir(), 'model.gguf')
    const controller = new AbortController()
    const url = fileUrl(endpoints(hub.url), 'huggingface', 'org/repo', 'main', 'model.gguf')
    const download = downloadFile(url, dest, {
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.downloaded_bytes > 10_000) controller.abort()
      },
    })
    await expect(download).rejects.toThrow()
    expect(existsSync(dest)).toBe(false)
    expect(statSync(`${dest}.part`).size).toBeGreaterThan(0)
  })

  it('names the address it tried when no hub answers', async () => {
    const url = 'http://127.0.0.1:9/org/repo/resolve/main/model.gguf'
    await expect(downloadFile(url, join(tempDir(), 'm.gguf'), { attempts: 2 })).rejects.toThrow(
      `Could not download ${url}`,
    )
  })

  it('gives up on a hub that does not answer in time, or stops sending, and resumes from what it has', async () => {
    // One answer held back, one file that stops halfway: each try is cut off by its phase's limit.
    const body = tinyModel('chat')
    const seen: (string | undefined)[] = []
    const server = createServer((request, response) => {
      seen.push(request.headers.range)
      if (seen.length === 1) return
      if (seen.length === 2) {
        response.writeHead(200, { 'content-length': body.length })
        response.write(body.subarray(0, 1000))
        return
      }
      const from = Number(/^bytes=(\d+)-$/.exec(request.headers.range ?? '')?.[1] ?? 0)
      response.writeHead(from ? 206 : 200, {
        'content-length': body.length - from,
        ...(from ? { 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` } : {}),
      })
      response.end(body.subarray(from))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const dest = join(tempDir(), 'model.gguf')
      await downloadFile(`http://127.0.0.1:${port}/m.gguf`, dest, {
        timeouts: { answerMs: 300, stallMs: 300 },
      })
      expect(readFileSync(dest).equals(body)).toBe(true)
      expect(seen).toEqual([undefined, undefined, 'bytes=1000-'])
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })

  it('refuses a file the hub does not have, with its status', async () => {
    hub = await startLocalHub()
    const url = `${hub.url}/org/repo/resolve/main/missing.bin`
    await expect(downloadFile(url, join(tempDir(), 'm.bin'))).rejects.toThrow(/answered 404/)
  })
})
