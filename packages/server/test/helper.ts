import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterEach } from 'vitest'
import { buildApp } from '../src/app.js'
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

/** A console build stand-in: an index.html and one hashed asset. */
export function fakeConsoleBuild(): string {
  const dir = tempDir('sc-console-')
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Serving Console</title>')
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)')
  return dir
}

/** The whole platform on a fresh data dir, not listening: call `inject`. Closed after the test. */
export async function testApp(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    host: '127.0.0.1',
    port: 0,
    dataDir: tempDir(),
    logLevel: 'silent',
    consoleDir: fakeConsoleBuild(),
    ...overrides,
  })
  cleanups.push(() => app.close())
  return app
}
