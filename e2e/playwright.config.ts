import { defineConfig } from '@playwright/test'
import { authFileFor, testServer, type TestServer } from './support/servers'

/** Auth off, as `npm start` runs by default. */
const open = testServer('open')
/** An upstream-format auth file with an admin and a viewer (models:list only). */
const auth = testServer('auth')
/** The same users, with tokens that expire after 6 s. */
const expiry = testServer('expiry')

/** A stand-in model hub, slow on purpose (20 KB/s), so a launch stays in its download long enough to follow and cancel. */
const hub = testServer('hub')

function platform(server: TestServer, extraArgs = '') {
  return {
    name: `platform (${server.name})`,
    // Hubs point at a closed loopback port: tests never reach out to the internet.
    command: `node ../packages/server/dist/main.js --port ${server.port} --data-dir ${server.dataDir} --log-level warn --hf-endpoint http://127.0.0.1:9 --modelscope-endpoint http://127.0.0.1:9 ${extraArgs}`,
    url: `${server.url}/api/v1/cluster/auth`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'pipe' as const,
  }
}
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: './tests',
  globalTeardown: './support/global-teardown.ts',
  outputDir: './test-results',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  // Two cores: one browser at a time keeps timings honest.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: 'list',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'open', testIgnore: /auth\.spec/, use: { browserName: 'chromium', baseURL: `${open.url}/ui/` } },
    { name: 'auth', testMatch: /auth\.spec/, use: { browserName: 'chromium', baseURL: `${auth.url}/ui/` } },
  ],
  webServer: [
    {
      name: 'local hub',
      command: `node ../packages/server/dist/testing/local-hub.js ${hub.port} 20000`,
      url: `${hub.url}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    platform(open, `--hf-endpoint ${hub.url}`),
    platform(auth, `--auth-config ${authFileFor(auth, 30)}`),
    platform(expiry, `--auth-config ${authFileFor(expiry, 0.1)}`),
  ],
})
