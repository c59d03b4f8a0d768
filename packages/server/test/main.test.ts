import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { tinyModel } from '../src/platform/gguf/tiny-models.js'
import { startLocalHub } from './support/local-hub.js'
import { fakeConsoleBuild, tempDir } from './helper.js'

// The real CLI as users run it: the built bin, a real port, real signals.
const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url))
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

function start(args: string[]) {
  const child = spawn(process.execPath, [MAIN, '--console-dir', fakeConsoleBuild(), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const listening = async () => {
    await expect.poll(() => output, { timeout: 5_000 }).toContain('Serving Console at')
    return output
  }
  return { child, exited, listening, output: () => output }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Whether something accepts connections on this loopback port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (typeof address !== 'object' || !address) throw new Error('no port')
  return address.port
}

describe('serving-console CLI', () => {
  beforeAll(() => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npm run build" first (npm test does).`)
  })

  it('creates its data dir, serves, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort()
    const dataDir = join(tempDir(), 'nested', 'data')
    const server = start(['--port', String(port), '--data-dir', dataDir])
    expect(await server.listening()).toContain(`http://127.0.0.1:${port}/ui/`)
    expect(existsSync(dataDir)).toBe(true)
    const answer = await fetch(`http://127.0.0.1:${port}/api/v1/cluster/auth`)
    expect(await answer.json()).toEqual({ auth: false })
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  })

  it('stops on SIGINT too', async () => {
    const server = start(['--port', String(await freePort()), '--data-dir', tempDir()])
    await server.listening()
    server.child.kill('SIGINT')
    expect(await server.exited).toBe(0)
  })

  it(
    'stops when the `npm start` process itself is stopped, as a supervisor does',
    { timeout: 60_000 },
    async () => {
      const port = await freePort()
      const args = ['--port', String(port), '--data-dir', tempDir(), '--console-dir', fakeConsoleBuild()]
      const npm = spawn('npm', ['start', '--', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
      children.push(npm)
      let output = ''
      npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      await expect.poll(() => output, { timeout: 30_000 }).toContain('Serving Console at')
      npm.kill('SIGTERM')
      // The server, two processes below npm, lets go of its port.
      await expect.poll(() => accepts(port), { timeout: 15_000, interval: 100 }).toBe(false)
    },
  )

  it('takes one signal delivered twice at once as one (a process group and npm both pass it on)', async () => {
    const server = start(['--port', String(await freePort()), '--data-dir', tempDir()])
    await server.listening()
    server.child.kill('SIGINT')
    server.child.kill('SIGINT')
    // Shut down as asked, not cut short as a second, later signal would have it.
    expect(await server.exited).toBe(0)
  })

  it('says so in one line and exits non-zero when the port is taken', async () => {
    const blocker = createServer().listen(0, '127.0.0.1')
    await new Promise((resolve) => blocker.once('listening', resolve))
    const address = blocker.address()
    const port = typeof address === 'object' && address ? address.port : 0
    try {
      const server = start(['--port', String(port), '--data-dir', tempDir()])
      expect(await server.exited).toBe(1)
      const errorLines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('serving-console:'))
      expect(errorLines).toEqual([
        `serving-console: port ${port} on 127.0.0.1 is already in use; stop the other server or pick another --port.`,
      ])
    } finally {
      blocker.close()
    }
  })

  it('leaves no worker running when the server is killed outright', { timeout: 30_000 }, async () => {
    const port = await freePort()
    const server = start(['--port', String(port), '--data-dir', tempDir()])
    await server.listening()
    const base = `http://127.0.0.1:${port}`
    const launched = await fetch(`${base}/api/v1/models`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model_name: 'tiny-chat', model_type: 'LLM', replica: 2 }),
    })
    expect(launched.status).toBe(200)
    const logs = (await (await fetch(`${base}/v1/models/tiny-chat/logs`)).json()) as { lines: string[] }
    const pids = logs.lines.flatMap((line) => /\(pid (\d+)\)/.exec(line)?.[1] ?? []).map(Number)
    expect(pids).toHaveLength(2)
    expect(pids.every(alive)).toBe(true)

    server.child.kill('SIGKILL')
    await server.exited
    await expect.poll(() => pids.filter(alive), { timeout: 5_000, interval: 100 }).toEqual([])
  })

  it(
    'goes on with a download after the server was killed outright, from its part file',
    { timeout: 30_000 },
    async () => {
      const hub = await startLocalHub({ bytesPerSecond: 150_000 })
      try {
        const dataDir = tempDir()
        const version = 'qwen2.5-instruct--0_5B--ggufv2--q4_k_m'
        const serve = async () => {
          const port = await freePort()
          const server = start(['--port', String(port), '--data-dir', dataDir, '--hf-endpoint', hub.url])
          await server.listening()
          return { server, base: `http://127.0.0.1:${port}` }
        }
        const task = async (base: string) =>
          (await (await fetch(`${base}/api/v1/cache/models/${version}/progress`)).json()) as {
            state: string
            files: { done: number }[]
          }

        const first = await serve()
        const started = await fetch(`${first.base}/api/v1/cache/models`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            model_name: 'qwen2.5-instruct',
            model_type: 'LLM',
            model_format: 'ggufv2',
            model_size_in_billions: '0_5',
            quantization: 'q4_k_m',
          }),
        })
        expect(started.status).toBe(201)
        await expect
          .poll(async () => (await task(first.base)).files[0]?.done ?? 0, { timeout: 10_000 })
          .toBeGreaterThan(100_000)
        first.server.child.kill('SIGKILL')
        await first.server.exited

        // The task was downloading when the process died: the next start takes it up by itself, by a Range request.
        const again = await serve()
        await expect.poll(async () => (await task(again.base)).state, { timeout: 15_000 }).toBe('completed')
        const fetches = hub.requests.filter((request) => request.path.endsWith('.gguf'))
        expect(Number(/^bytes=(\d+)-$/.exec(fetches.at(-1)?.range ?? '')?.[1])).toBeGreaterThan(100_000)
        expect(
          readFileSync(join(dataDir, 'cache', version, 'qwen2.5-0.5b-instruct-q4_k_m.gguf')).equals(
            tinyModel('chat'),
          ),
        ).toBe(true)
      } finally {
        await hub.close()
      }
    },
  )

  it('keeps what a budget counted when the server is killed outright', { timeout: 30_000 }, async () => {
    const dataDir = tempDir()
    const json = { 'content-type': 'application/json' }
    /** A server on `dataDir` with the tiny chat model running as `tiny`: its address. */
    const serve = async () => {
      const port = await freePort()
      const server = start(['--port', String(port), '--data-dir', dataDir])
      await server.listening()
      const base = `http://127.0.0.1:${port}`
      const launched = await fetch(`${base}/api/v1/models`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ model_name: 'tiny-chat', model_type: 'LLM', model_uid: 'tiny' }),
      })
      expect(launched.status).toBe(200)
      return { server, base }
    }
    const budgetUsed = async (base: string) =>
      (
        (await (await fetch(`${base}/api/v1/models/tiny/limits`)).json()) as {
          usage: { budget_used: number }
        }
      ).usage.budget_used

    const first = await serve()
    const limited = await fetch(`${first.base}/api/v1/models/tiny/limits`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({
        requests_per_minute: null,
        tokens_per_minute: null,
        requests_at_once: null,
        token_budget: 100_000,
        soft_budget: null,
        budget_period: 'month',
      }),
    })
    expect(limited.status).toBe(200)
    let told = 0
    for (const content of ['one', 'two']) {
      const answer = await fetch(`${first.base}/v1/chat/completions`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ model: 'tiny', messages: [{ role: 'user', content }], max_tokens: 4 }),
      })
      told += ((await answer.json()) as { usage: { total_tokens: number } }).usage.total_tokens
    }
    expect(await budgetUsed(first.base)).toBe(told)
    first.server.child.kill('SIGKILL')
    await first.server.exited

    // Every request was written as it ended: nothing is lost with the process.
    const again = await serve()
    expect(await budgetUsed(again.base)).toBe(told)
  })

  it(
    'shuts down promptly on SIGTERM while a launch and a stream are still open',
    { timeout: 30_000 },
    async () => {
      // A hub so slow that the launch would hold its request open for minutes.
      const hub = await startLocalHub({ bytesPerSecond: 2_000 })
      try {
        const port = await freePort()
        const server = start(['--port', String(port), '--data-dir', tempDir(), '--hf-endpoint', hub.url])
        await server.listening()
        const base = `http://127.0.0.1:${port}`
        const post = (path: string, body: object) =>
          fetch(`${base}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        expect((await post('/v1/models', { model_name: 'tiny-chat', model_type: 'LLM' })).status).toBe(200)
        const stream = await post('/v1/chat/completions', {
          model: 'tiny-chat',
          stream: true,
          max_tokens: 2048,
          messages: [{ role: 'user', content: 'go on' }],
        })
        const streamed = stream.text().catch(() => '')
        const slowLaunch = post('/v1/models', {
          model_name: 'qwen2.5-instruct',
          model_type: 'LLM',
          model_format: 'ggufv2',
          model_size_in_billions: '0_5',
          quantization: 'q4_k_m',
        }).then(
          (answer) => answer.status,
          () => 0,
        )
        // The launch is under way once its download has reached the hub.
        await expect.poll(() => hub.requests.some(({ path }) => path.includes('.gguf'))).toBe(true)

        const signalled = Date.now()
        server.child.kill('SIGTERM')
        expect(await server.exited).toBe(0)
        expect(Date.now() - signalled).toBeLessThan(8_000)
        // The open requests were answered, not left hanging.
        expect(await slowLaunch).not.toBe(200)
        expect(await streamed).toContain('[DONE]')
      } finally {
        await hub.close()
      }
    },
  )

  it('says in one line which database is broken and what to do', async () => {
    const dataDir = tempDir()
    // 0600 as the server makes it: a looser file would add a line saying it was tightened.
    writeFileSync(join(dataDir, 'platform.db'), 'this is not a database '.repeat(100), { mode: 0o600 })
    const server = start(['--port', String(await freePort()), '--data-dir', dataDir])
    expect(await server.exited).toBe(2)
    const lines = server.output().trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toBe(
      `serving-console: the database ${join(dataDir, 'platform.db')} cannot be used (file is not a database); move it aside to start with no custom models, or restore it from a backup.`,
    )
  })

  it('exits 2 on a bad flag', async () => {
    const server = start(['--bogus'])
    expect(await server.exited).toBe(2)
    expect(server.output()).toContain("Unknown option '--bogus'")
  })
})
