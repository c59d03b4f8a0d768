import { cpus, totalmem } from 'node:os'
import { expect, test } from '@playwright/test'
import { formatBytes } from '../support/format'

// The server runs on this machine, so its figures are Node's figures here.
const CPU_TOTAL = cpus().length.toFixed(2)
const MEM_TOTAL = formatBytes(totalmem())

test('shows this machine as Supervisor and Worker, with Item/Value tables and worker details', async ({
  page,
}) => {
  await page.goto('#/cluster_info')
  await expect(page.getByRole('heading', { name: 'Cluster Information' })).toBeVisible()

  const supervisor = page.getByRole('region', { name: 'Supervisor' })
  await expect(supervisor.getByRole('row', { name: /^Count 1$/ })).toBeVisible()
  await expect(supervisor.getByRole('row', { name: /^Address 127\.0\.0\.1:\d+$/ })).toBeVisible()
  await expect(supervisor.getByRole('row', { name: /^CPU Info/ })).toContainText(`Total: ${CPU_TOTAL}`)
  await expect(supervisor.getByRole('row', { name: /^CPU Memory Info/ })).toContainText(`Total: ${MEM_TOTAL}`)
  await expect(supervisor.getByRole('row', { name: /^Version/ })).toContainText(
    /Release: 0\.1\.0\s*Commit: [0-9a-f]{40}/,
  )
  // No GPU memory on this machine: no GPU rows.
  await expect(supervisor.getByRole('row', { name: /^GPU/ })).toHaveCount(0)

  const workers = page.getByRole('region', { name: 'Workers' })
  await expect(workers.getByRole('row', { name: /^Count 1$/ })).toBeVisible()
  await expect(workers.getByRole('row', { name: /^Address/ })).toHaveCount(0)

  const details = page.getByRole('region', { name: 'Worker Details' })
  await expect(details.getByRole('columnheader')).toHaveText([
    'Node Type',
    'Address',
    'CPU Usage',
    'CPU Total',
    'Mem Usage',
    'Mem Total',
    'GPU Count',
    'GPU Mem Usage',
    'GPU Mem Total',
  ])
  const row = details.getByRole('row').nth(1)
  await expect(row.getByRole('cell').nth(0)).toHaveText('Worker')
  await expect(row.getByRole('cell').nth(3)).toHaveText(CPU_TOTAL)
  await expect(row.getByRole('cell').nth(5)).toHaveText(MEM_TOTAL)
  await expect(row.getByRole('cell').nth(6)).toHaveText('0')
})

test('refreshes every 5 s with one timer, asks the version once, and charts each refresh', async ({
  page,
}) => {
  await page.clock.install()
  const calls = { info: 0, version: 0, history: 0 }
  let answered = 0
  let historyAnswered = 0
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path === '/v1/cluster/info') calls.info += 1
    if (path === '/v1/cluster/version') calls.version += 1
    if (path === '/api/v1/cluster/history') calls.history += 1
  })
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname
    if (path === '/v1/cluster/info') answered += 1
    if (path === '/api/v1/cluster/history') historyAnswered += 1
  })
  await page.goto('#/cluster_info')
  await expect(page.getByRole('region', { name: 'Supervisor' })).toBeVisible()
  await expect.poll(() => [calls.info, calls.version]).toEqual([1, 1])

  const memoryNow = page.getByLabel('Memory now')
  await expect(memoryNow).toHaveText(/^\d+\.\d %$/)

  // The platform keeps the machine's last minutes: its charts open full. A gateway keeps none: one point.
  const platform = test.info().project.name === 'open'
  if (platform) await expect.poll(() => historyAnswered).toBe(1)
  const line = page.getByRole('img', { name: 'CPU over the last minutes' }).locator('polyline')
  const pointsNow = async () =>
    ((await line.count()) ? ((await line.getAttribute('points')) ?? '') : '').split(' ').filter(Boolean)
      .length
  const opened = await pointsNow()
  if (platform) expect(opened).toBeGreaterThan(1)
  else expect(opened).toBe(0)

  for (const expected of [2, 3, 4]) {
    // Advance only once the last answer is in, as a real 5 s would.
    await expect.poll(() => answered).toBe(expected - 1)
    await page.clock.runFor(5_000)
    await expect.poll(() => calls.info).toBe(expected)
  }
  expect(calls.version).toBe(1)
  expect(calls.history).toBe(platform ? 1 : 0)
  // One point more for each refresh, up to the five minutes the charts hold.
  await expect.poll(pointsNow).toBe(Math.min(60, Math.max(opened, 1) + 3))
})

test("shows 'Loading' until the first answer arrives", async ({ page }) => {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  // Hold the real answer back to see the waiting state, then let it through.
  await page.route('**/v1/cluster/info?detailed=true', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('#/cluster_info')
  // The one shown: while the page's code comes, the prerendered copy says it and the hidden root's spinner too.
  const loading = page.getByText('Loading', { exact: true }).filter({ visible: true })
  await expect(loading).toBeVisible()
  release()
  await expect(page.getByRole('region', { name: 'Supervisor' })).toBeVisible()
  await expect(loading).toBeHidden()
})

test('fits a 1280 px window side by side: a 40-character commit wraps instead of pushing Workers off screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('#/cluster_info')
  const workers = page.getByRole('region', { name: 'Workers' })
  await expect(workers.getByText(/Commit:/)).toBeVisible()
  const box = await workers.boundingBox()
  expect(box && box.x + box.width).toBeLessThanOrEqual(1280)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1280)
})

test('the usage charts stay inside their card at 390, 1280 and 1920 px, apart, and give cores as the tables do', async ({
  page,
}) => {
  await page.goto('#/cluster_info')
  const trends = page.getByRole('region', { name: 'Recent usage' })
  await expect(trends.getByRole('img')).toHaveCount(2)
  const cpu = trends.getByRole('img', { name: 'CPU over the last minutes' })
  const memory = trends.getByRole('img', { name: 'Memory over the last minutes' })
  for (const width of [390, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    const card = await trends.boundingBox()
    const boxes = [await cpu.boundingBox(), await memory.boundingBox()]
    for (const box of boxes) {
      expect(box, `${width} px`).not.toBeNull()
      if (!box || !card) continue
      expect(box.x, `${width} px`).toBeGreaterThanOrEqual(card.x)
      expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(card.x + card.width)
      expect(box.y, `${width} px`).toBeGreaterThanOrEqual(card.y)
      expect(box.y + box.height, `${width} px`).toBeLessThanOrEqual(card.y + card.height)
    }
    const [a, b] = boxes
    if (a && b) {
      const apart =
        a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
      expect(apart, `${width} px: the charts overlap`).toBe(true)
    }
  }
  // The same unit as the Workers table's CPU Info: cores, beside the share the line draws.
  await expect(trends).toContainText(new RegExp(`CPU\\s*\\d+\\.\\d\\d of ${CPU_TOTAL} cores\\s*\\d+\\.\\d %`))
  await expect(trends).toContainText(/Memory\s*[\d.]+ [KMGT]?i?B of [\d.]+ [KMGT]?i?B\s*\d+\.\d %/)
})
