import { defineConfig } from '@playwright/test'
import { authFileFor, testServer, type TestServer } from './support/servers'

/** Auth off, as `npm start` runs by default. */
const open = testServer('open')
/** An upstream-format auth file with an admin and a viewer (models:list only). */
const auth = testServer('auth')
/** The same users, with tokens that expire after 6 s. */
const expiry = testServer('expiry')
/** The built-in user store (--auth), empty: the set-up of a first administrator. */
const store = testServer('store')

/** Gateway mode in front of the `open` platform: the platform's journeys, through the gateway. */
const gateway = testServer('gateway')

/**
 * Gateways in front of replays of real Xinference servers (fixtures/xinference-recorded): v2.12.0 as a two-node
 * cluster, v2.12.0 and v3.2.1 (auth on, no administrator yet) as recorded by `xinference-local`.
 */
export const XINFERENCE_VERSIONS = ['v1.8.0', 'v2.12.0', 'v3.2.1'] as const
/** A gateway whose upstream the faults spec runs itself (a replay it stops, starts and makes misbehave). */
const faultyUpstream = testServer('replay-faults')
const faultsGateway = testServer('gateway-faults')
const replays = XINFERENCE_VERSIONS.map((version) => ({
  version,
  upstream: testServer(`replay-${version}`),
  gateway: testServer(`gateway-${version}`),
}))

/** The widget catalogue (packages/console/catalogue), built and served for the screenshot tests alone. */
const catalogue = testServer('catalogue')

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
function gatewayTo(server: TestServer, endpoint: string) {
  return {
    name: `gateway (${server.name})`,
    command: `node ../packages/server/dist/main.js --port ${server.port} --data-dir ${server.dataDir} --endpoint ${endpoint} --log-level warn`,
    url: `${server.url}/ui/`,
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
  // One way to wait, as Playwright recommends: web-first assertions (`await expect(locator).toHaveText(…)`)
  // retry until what the page shows is so; `expect.poll` for a value that is no locator's (a cookie, a box's
  // width, a count the test keeps); events (a popup, a download, a response) are awaited from a promise taken
  // before the action. No fixed sleeps, no hand-written loops, no `waitForFunction` or `waitForTimeout`.
  expect: {
    timeout: 5_000,
    // Screenshots as the CI's Chromium draws them, without animations or a blinking caret.
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  snapshotPathTemplate: '{testDir}/{testFileName}-screenshots/{arg}{ext}',
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
    {
      name: 'open',
      testIgnore:
        /auth\.spec|permissions-[\w-]+\.spec|setup\.spec|xinference-versions\.spec|gateway-faults\.spec|widgets\.spec/,
      use: { browserName: 'chromium', baseURL: `${open.url}/ui/` },
    },
    {
      name: 'auth',
      // Signed in as the auth file's admin or viewer (models:list only): what each is offered.
      testMatch: /(auth|permissions-[\w-]+)\.spec/,
      use: { browserName: 'chromium', baseURL: `${auth.url}/ui/` },
    },
    {
      name: 'setup',
      testMatch: /setup\.spec/,
      use: { browserName: 'chromium', baseURL: `${store.url}/ui/` },
    },
    {
      name: 'gateway',
      // A journey's spec and the specs split from it (launch-model-runs, running-models-serving, …).
      testMatch: /(launch-model|running-models|register-model|cluster-info)(-[\w-]+)?\.spec/,
      use: { browserName: 'chromium', baseURL: `${gateway.url}/ui/` },
    },
    {
      name: 'widgets',
      testMatch: /widgets\.spec/,
      use: { browserName: 'chromium', baseURL: `${catalogue.url}/` },
    },
    {
      name: 'xinference',
      testMatch: /(xinference-versions|gateway-faults)\.spec/,
      use: { browserName: 'chromium' },
    },
  ],
  webServer: [
    {
      name: 'local hub',
      command: `node ../packages/server/test-dist/test/support/local-hub.js ${hub.port} 20000`,
      url: `${hub.url}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    platform(open, `--hf-endpoint ${hub.url}`),
    platform(auth, `--auth-config ${authFileFor(auth, 30)}`),
    platform(expiry, `--auth-config ${authFileFor(expiry, 0.1)}`),
    platform(store, '--auth'),
    gatewayTo(gateway, open.url),
    ...replays.flatMap(({ version, upstream, gateway: front }) => [
      {
        name: `replay of Xinference ${version}`,
        command: `node ../packages/server/test-dist/test/support/replay-upstream.js ../fixtures/xinference-recorded/${version} ${upstream.port}${version === 'v2.12.0' ? ' two-node' : ''}`,
        url: `${upstream.url}/v1/cluster/auth`,
        reuseExistingServer: false,
        timeout: 30_000,
      },
      gatewayTo(front, upstream.url),
    ]),
    gatewayTo(faultsGateway, faultyUpstream.url),
    {
      name: 'widget catalogue',
      command: `cd ../packages/console && npx vite build --config vite.catalogue.config.ts --logLevel warn && npx vite preview --config vite.catalogue.config.ts --host 127.0.0.1 --port ${catalogue.port} --strictPort`,
      url: `${catalogue.url}/`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
})
