import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
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

/** The ports handed out in this run so far. */
const handedOut = new Set<string>()

/**
 * A port nobody listens on right now, asked of the OS in a child process (the config must stay synchronous). Each
 * child closes its port at once, so the OS may give the same one to the next: one handed out already is asked
 * again (two servers on one port failed a run once).
 */
function freePort(): string {
  for (;;) {
    const port = execFileSync(process.execPath, [
      '-e',
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
    ])
      .toString()
      .trim()
    if (!handedOut.has(port)) {
      handedOut.add(port)
      return port
    }
  }
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

export const USERS = {
  admin: { username: 'admin', password: 'admin-password-1', permissions: ['admin'] },
  viewer: { username: 'viewer', password: 'viewer-password-1', permissions: ['models:list'] },
} as const

/** Writes an upstream-format auth file for a test server into its data dir's parent, once per run. */
export function authFileFor(server: TestServer, tokenExpireInMinutes: number): string {
  const path = `${server.dataDir}.auth.json`
  if (!existsSync(path)) {
    writeFileSync(
      path,
      JSON.stringify({
        auth_config: {
          algorithm: 'HS256',
          secret_key: randomBytes(32).toString('hex'),
          token_expire_in_minutes: tokenExpireInMinutes,
        },
        user_config: Object.values(USERS).map((user) => ({ ...user, api_keys: [] })),
      }),
    )
  }
  return path
}
