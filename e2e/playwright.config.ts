import { defineConfig } from '@playwright/test'
import { testServer } from './support/servers'

const open = testServer('open')
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
    baseURL: `${open.url}/ui/`,
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
  projects: [{ name: 'open', use: { browserName: 'chromium' } }],
  webServer: [
    {
      name: 'platform (auth off)',
      command: `node ../packages/server/dist/main.js --port ${open.port} --data-dir ${open.dataDir} --log-level warn`,
      url: `${open.url}/api/v1/cluster/auth`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
    },
  ],
})
