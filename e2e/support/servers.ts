import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A value fixed once per test run. Playwright evaluates its config in the runner and again in every worker;
 * workers inherit the runner's environment, so what the runner picks here reaches them unchanged.
 */
function once(name: string, make: () => string): string {
  process.env[name] ??= make()
  return process.env[name]
}

/** A port nobody listens on right now, asked of the OS in a child process (the config must stay synchronous). */
function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ])
    .toString()
    .trim()
}

export interface TestServer {
  name: string
  port: string
  dataDir: string
  url: string
}

/** One real platform process for the run, on a free port and a fresh data dir. */
export function testServer(name: string): TestServer {
  const key = name.toUpperCase().replace(/\W/g, '_')
  const port = once(`E2E_${key}_PORT`, freePort)
  const dataDir = once(`E2E_${key}_DATA_DIR`, () => mkdtempSync(join(tmpdir(), `sc-e2e-${name}-`)))
  return { name, port, dataDir, url: `http://127.0.0.1:${port}` }
}
