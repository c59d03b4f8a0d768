import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterEach, vi } from 'vitest'
import { buildApp } from '../src/platform/app.js'
import { tinyModel } from '../src/platform/gguf/tiny-models.js'
import type { Config } from '../src/config.js'

const cleanups: (() => Promise<void> | void)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A temporary folder removed after the test. */
export function tempDir(prefix = 'sc-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A model folder holding tiny GGUF files of these names (in `sub`, when given), for custom registrations. */
export function modelFolder(files: string[], sub = ''): { root: string; dir: string } {
  const root = tempDir('sc-models-')
  const dir = join(root, sub)
  mkdirSync(dir, { recursive: true })
  for (const file of files) writeFileSync(join(dir, file), tinyModel('chat'))
  return { root, dir }
}

/** A console build stand-in: an index.html and one hashed asset. */
export function fakeConsoleBuild(): string {
  const dir = tempDir('sc-console-')
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Serving Console</title>')
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)')
  return dir
}

/** A configuration for tests: loopback, a fresh data dir, hubs at a closed port, nothing logged. */
export function testConfig(): Config {
  return {
    host: '127.0.0.1',
    port: 0,
    dataDir: tempDir(),
    logLevel: 'silent',
    consoleDir: fakeConsoleBuild(),
    threads: 1,
    hfEndpoint: 'http://127.0.0.1:9',
    modelscopeEndpoint: 'http://127.0.0.1:9',
    allowedHosts: [],
    modelDirs: [tempDir('sc-models-')],
    maxWorkers: 8,
    trustProxy: [],
  }
}

/** The launch payload of the platform's generated tiny chat model, as the console sends it. */
export const TINY_CHAT = {
  model_name: 'tiny-chat',
  model_type: 'LLM',
  model_engine: 'llama.cpp',
  model_format: 'ggufv2',
  model_size_in_billions: '0_0002',
  quantization: 'f32',
}

/** The launch payload of a catalogue model that is not on the machine: its launch downloads it from a hub. */
export const QWEN = {
  model_name: 'qwen2.5-instruct',
  model_type: 'LLM',
  model_engine: 'llama.cpp',
  model_format: 'ggufv2',
  model_size_in_billions: '0_5',
  quantization: 'q4_k_m',
}

/** The whole platform on a fresh data dir, not listening: call `inject`. Closed after the test. */
export async function testApp(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ ...testConfig(), ...overrides })
  cleanups.push(() => app.close())
  return app
}

export const ADMIN = { username: 'admin', password: 'admin-password-1' }
export const VIEWER = { username: 'viewer', password: 'viewer-password-1' }
export const VIEWER_KEY = 'sk-viewer0000001'

/** An upstream-format auth file: an admin and a viewer who may only list models. */
export function authFile(overrides: { token_expire_in_minutes?: number; secret_key?: string } = {}): string {
  const path = join(tempDir('sc-auth-'), 'auth.json')
  writeFileSync(
    path,
    JSON.stringify({
      auth_config: {
        algorithm: 'HS256',
        secret_key:
          overrides.secret_key ?? '09d25e094faa6ca2556c818166b7a9563b93f7099f6f0f4caa6cf63b88e8d3e7',
        token_expire_in_minutes: overrides.token_expire_in_minutes ?? 30,
      },
      user_config: [
        { ...ADMIN, permissions: ['admin'], api_keys: [] },
        { ...VIEWER, permissions: ['models:list'], api_keys: [VIEWER_KEY] },
      ],
    }),
  )
  return path
}

/** Signs in through the real route and returns the access token. */
export async function signIn(
  app: FastifyInstance,
  user: { username: string; password: string },
): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/token', payload: user })
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`)
  return response.json<{ access_token: string }>().access_token
}

/** Waits until `check` holds (vi.waitFor, the one way tests wait); fails after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('timed out waiting')
    },
    { timeout: timeoutMs, interval: 50 },
  )
}

/** A gateway in front of `endpoint`, listening on a loopback port (the gateway is all real HTTP). */
export async function testGateway(endpoint: string, overrides: Partial<Config> = {}) {
  const { buildGatewayApp } = await import('../src/gateway/app.js')
  const app = await buildGatewayApp({ ...testConfig(), ...overrides, endpoint: new URL(endpoint) })
  await app.listen({ host: '127.0.0.1', port: 0 })
  cleanups.push(() => app.close())
  const address = app.server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return { app, url }
}

/** An OpenAI chat completion request through the real route (`headers`: a key or token, when the test needs one). */
export const postChat = (app: FastifyInstance, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/v1/chat/completions', headers, payload })

/** The chat request of one user message to `model`, with `extra` fields (max_tokens, temperature, stream…). */
export const userChat = (model: string, content: string, extra: object = {}) => ({
  model,
  messages: [{ role: 'user', content }],
  ...extra,
})

/** Runs `cleanup` after the current test. */
export function afterThisTest(cleanup: () => Promise<void> | void) {
  cleanups.push(cleanup)
}
