/**
 * Launch Model page benchmark in headless Chromium (driven over the DevTools protocol alone, with nothing of a test
 * driver in the page, each page loaded once the browser is at rest after opening its window: cdp.ts) against the
 * real server, with the catalogue answered (over a socket, by a front that passes everything else to the platform:
 * catalogue-proxy.ts) by the upstream v1.8 fixture (120 families), a 4× copy (families duplicated under new names)
 * and the v3.2.1 catalogue (166 families, 3.5 MB), and that v3.2.1 catalogue as a gateway (`--endpoint`) serves it
 * from a replay of the recorded Xinference server, on this machine and over an emulated 100 Mbit/s link (Chromium's
 * network emulation, as a LAN or VPN would be).
 * Measures what a person sees: navigation start → the frame after the first card is in the DOM; one keystroke in
 * the search field as the browser's Event Timing `duration` (input to the next paint); long tasks during load;
 * the 1× and 4× rows again with Simplified Chinese chosen (its messages load beside the first screen's requests);
 * warnings in the page console. Also: catalogue response → first card; keystroke → last DOM change; JS heap and DOM
 * nodes after load; catalogue requests across tab switches; JS shipped (gzip, and as sent). Median (min–max) of RUNS
 * page loads.
 *
 *   npm run build && npm run bench:launch-page -w bench
 *
 * Then the first visit: the 1×, 4× and v3.2.1 catalogues each loaded by a browser started for that one load, with
 * a profile of its own (no HTTP cache, no code cache: what a new user and every deploy see), first contentful
 * paint and first card, and the 1× catalogue once more opened at `/ui/` (the address a newcomer opens, which leads to
 * the Launch page); the page loads above are return visits (one browser that has run the console before).
 *
 * BENCH_CONSOLE_DIR=path/to/console/dist serves another console build, so two builds are compared side by side
 * (the same server, only the page differs). BENCH_REFERENCE_CONSOLE_DIR=path/to/an/older/console/dist adds that
 * build's first visits to the same table, loads alternating with this build's. BENCH_VISITS=first (or =return)
 * measures only those.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { setTimeout as wait } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { catalogueProxy } from './catalogue-proxy.js'
import { launchChromium, openPage } from './cdp.js'
import { LAUNCH_PAGE, measure, PROBE, type Run } from './launch-page-measure.js'

const RUNS = 7
const PORT = 20_000 + Math.floor(Math.random() * 1000)
const BASE = `http://127.0.0.1:${PORT}`
/** Gateway mode: a second server in front of a replay of Xinference v3.2.1's recorded answers. */
const GATEWAY_PORT = PORT + 1000
const REPLAY_PORT = PORT + 2000
const GATEWAY = `http://127.0.0.1:${GATEWAY_PORT}`
/** The platform behind a front that answers the catalogue with each fixture (see catalogue-proxy.ts). */
const PROXY_PORT = PORT + 3000
const PROXY = `http://127.0.0.1:${PROXY_PORT}`
const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))
const CONSOLE_DIR = process.env.BENCH_CONSOLE_DIR ?? root('packages/console/dist')
const REFERENCE_DIR = process.env.BENCH_REFERENCE_CONSOLE_DIR
const VISITS = process.env.BENCH_VISITS ?? 'return,first'
/** A second platform serving the reference build, behind a catalogue front of its own. */
const REFERENCE_PORT = PORT + 4000
const REFERENCE_PROXY_PORT = PORT + 5000
const REFERENCE_PROXY = `http://127.0.0.1:${REFERENCE_PROXY_PORT}`
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
  '--disable-quic',
]
const startChromium = () => launchChromium(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', CHROMIUM_ARGS)
/** A link between the browser and the console as on a LAN or a VPN: latency is added to each round trip. */
const LINK = { latency: 20, downloadThroughput: 100e6 / 8, uploadThroughput: 100e6 / 8 }
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

const upstream = JSON.parse(readFileSync(root('fixtures/xinference-v1.8/llm-detailed.json'), 'utf8')) as {
  model_name: string
}[]
const v3 = JSON.parse(
  readFileSync(root('fixtures/xinference-recorded/v3.2.1/030-registrations-LLM-detailed.json'), 'utf8'),
) as {
  response: { body: unknown[] }
}
/** v3 signs users in: the gateway's pages carry the token v3 handed out when it was recorded. */
const v3Token = (
  JSON.parse(readFileSync(root('fixtures/xinference-recorded/v3.2.1/008-token-login.json'), 'utf8')) as {
    response: { body: { access_token: string } }
  }
).response.body.access_token
const SIGNED_IN = `
  sessionStorage.setItem('token', ${JSON.stringify(v3Token)})
  document.cookie = 'token=' + encodeURIComponent(${JSON.stringify(v3Token)}) + '; path=/'
`
/** A person who chose Simplified Chinese: the console loads its messages beside the first screen's requests. */
const IN_CHINESE = `localStorage.setItem('language', 'zh-CN')`
const scaled = [0, 1, 2, 3].flatMap((copy) =>
  upstream.map((family) => ({
    ...family,
    model_name: copy ? `${family.model_name}-copy${copy}` : family.model_name,
  })),
)

function shippedJs() {
  const assets = join(CONSOLE_DIR, 'assets')
  const files = readdirSync(assets).filter((name) => name.endsWith('.js'))
  const gzip = (name: string) => gzipSync(readFileSync(join(assets, name))).length
  return { total: files.reduce((sum, name) => sum + gzip(name), 0), files }
}

/** The built platform on `port` with a fresh data dir, serving the console build in `consoleDir`. */
function platform(port: number, dataDir: string, consoleDir: string) {
  return spawn(
    process.execPath,
    [
      root('packages/server/dist/main.js'),
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      '--log-level',
      'warn',
      '--console-dir',
      consoleDir,
    ],
    { stdio: 'inherit' },
  )
}

/** One load in a browser started for it, with a profile of its own (launchChromium): a first visit. */
async function firstVisit(base: string, address: string): Promise<Run> {
  const browser = await startChromium()
  try {
    const page = await openPage(browser, { viewport: { width: 1500, height: 900 }, initScripts: [PROBE] })
    return await measure(page, base, address)
  } finally {
    await browser.close()
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'sc-bench-'))
  const server = platform(PORT, dataDir, CONSOLE_DIR)
  const referenceDataDir = mkdtempSync(join(tmpdir(), 'sc-bench-'))
  const reference = REFERENCE_DIR ? platform(REFERENCE_PORT, referenceDataDir, REFERENCE_DIR) : null
  // A gateway keeps its benchmark reports in a data dir: a throwaway one.
  const gatewayDataDir = mkdtempSync(join(tmpdir(), 'sc-bench-'))
  const replay = spawn(
    process.execPath,
    [
      root('packages/server/test-dist/test/support/replay-upstream.js'),
      root('fixtures/xinference-recorded/v3.2.1'),
      String(REPLAY_PORT),
    ],
    { stdio: 'ignore' },
  )
  const gateway = spawn(
    process.execPath,
    [
      root('packages/server/dist/main.js'),
      '--port',
      String(GATEWAY_PORT),
      '--endpoint',
      `http://127.0.0.1:${REPLAY_PORT}`,
      '--data-dir',
      gatewayDataDir,
      '--log-level',
      'warn',
      '--console-dir',
      CONSOLE_DIR,
    ],
    { stdio: 'inherit' },
  )
  const browser = await startChromium()
  const proxy = catalogueProxy(PORT)
  await proxy.listen(PROXY_PORT)
  const referenceProxy = catalogueProxy(REFERENCE_PORT)
  if (reference) await referenceProxy.listen(REFERENCE_PROXY_PORT)
  try {
    for (const base of [BASE, GATEWAY, ...(reference ? [`http://127.0.0.1:${REFERENCE_PORT}`] : [])]) {
      for (let i = 0; i < 100; i++) {
        if (
          await fetch(`${base}/api/v1/cluster/auth`)
            .then((r) => r.ok)
            .catch(() => false)
        )
          break
        await wait(100)
      }
    }
    const rows: string[] = []
    let loadedJs = 0
    let loadedFiles = 0
    /** As the server sent it (brotli where the browser accepts it). */
    let loadedWire = 0
    const v3Body = JSON.stringify(v3.response.body)
    for (const { label, base, body, link, chinese } of [
      { label: 'upstream v1.8 (120 families)', base: PROXY, body: JSON.stringify(upstream) },
      { label: 'the same, in 简体中文', base: PROXY, body: JSON.stringify(upstream), chinese: true },
      { label: '4× copy (480 families)', base: PROXY, body: JSON.stringify(scaled) },
      { label: 'the same, in 简体中文', base: PROXY, body: JSON.stringify(scaled), chinese: true },
      { label: 'upstream v3.2.1 (166 families)', base: PROXY, body: v3Body },
      { label: 'v3.2.1 through the gateway (replayed upstream)', base: GATEWAY, body: null },
      {
        label: 'the same, over a 100 Mbit/s link with 20 ms round trips',
        base: GATEWAY,
        body: null,
        link: LINK,
      },
    ] as { label: string; base: string; body: string | null; link?: typeof LINK; chinese?: boolean }[]) {
      if (!VISITS.includes('return')) break
      if (body !== null) proxy.answer(body)
      const runs: Run[] = []
      for (let run = 0; run < RUNS; run++) {
        const page = await openPage(browser, {
          viewport: { width: 1500, height: 900 },
          initScripts: [PROBE, ...(base === GATEWAY ? [SIGNED_IN] : []), ...(chinese ? [IN_CHINESE] : [])],
          link,
        })
        runs.push(await measure(page, base))
        if (!loadedJs) {
          // What the first screen needed: the scripts asked for before its first card was painted (the page fetches
          // the error toast's code later, once it has settled).
          const paintedAt = runs[runs.length - 1]?.firstCardPainted ?? Infinity
          const scripts = await page.evaluate<{ name: string; wire: number }[]>(
            `performance.getEntriesByType('resource')
              .filter((entry) => entry.name.endsWith('.js') && entry.startTime < ${String(paintedAt)})
              .map((entry) => ({ name: entry.name, wire: entry.encodedBodySize }))`,
          )
          const assets = join(CONSOLE_DIR, 'assets')
          loadedFiles = scripts.length
          loadedJs = scripts.reduce(
            (sum, { name }) => sum + gzipSync(readFileSync(join(assets, name.split('/').pop() ?? ''))).length,
            0,
          )
          loadedWire = scripts.reduce((sum, { wire }) => sum + wire, 0)
        }
        await page.close()
      }
      const spread = (pick: (run: Run) => number, digits = 0) => {
        const values = runs.map(pick)
        return `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`
      }
      rows.push(
        `| ${label} | ${((body ?? v3Body).length / 2 ** 20).toFixed(2)} MiB | ${spread((r) => r.firstContentfulPaint)} ms | ${spread((r) => r.firstCardPainted)} ms | ${spread((r) => r.keystrokeDuration)} ms | ${spread((r) => r.longTasks)} ms | ${Math.max(...runs.map((r) => r.warnings))} | ${spread((r) => r.firstCardAfterResponse)} ms | ${spread((r) => r.keystroke, 1)} ms | ${median(runs.map((r) => r.heapMiB)).toFixed(1)} MiB | ${median(runs.map((r) => r.domNodes))} | ${Math.max(...runs.map((r) => r.catalogueRequests))} |`,
      )
    }
    // First visits, the builds alternating load by load so both see the same machine.
    const firstRows: string[] = []
    for (const { label, body, address = LAUNCH_PAGE } of [
      { label: 'upstream v1.8 (120 families)', body: JSON.stringify(upstream) },
      { label: '4× copy (480 families)', body: JSON.stringify(scaled) },
      { label: 'upstream v3.2.1 (166 families)', body: v3Body },
      // The address a newcomer opens (the README's, `npm start`'s line), which leads to the Launch page.
      { label: 'upstream v1.8, opened at /ui/', body: JSON.stringify(upstream), address: '/ui/' },
    ]) {
      if (!VISITS.includes('first')) break
      proxy.answer(body)
      referenceProxy.answer(body)
      const runs: { build: string; run: Run }[] = []
      for (let run = 0; run < RUNS; run++) {
        runs.push({ build: 'this build', run: await firstVisit(PROXY, address) })
        if (reference) runs.push({ build: 'reference', run: await firstVisit(REFERENCE_PROXY, address) })
      }
      for (const build of reference ? ['this build', 'reference'] : ['this build']) {
        const mine = runs.filter((entry) => entry.build === build).map((entry) => entry.run)
        const spread = (pick: (run: Run) => number) => {
          const values = mine.map(pick)
          return `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`
        }
        firstRows.push(
          `| ${label} | ${build === 'reference' ? `reference (${REFERENCE_DIR ?? ''})` : 'this build'} | ${spread((r) => r.firstContentfulPaint)} ms | ${spread((r) => r.firstCardPainted)} ms | ${spread((r) => r.longTasks)} ms | ${spread((r) => r.keystrokeDuration)} ms |`,
        )
      }
    }
    const js = shippedJs()
    const cpu = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown CPU'
    console.log(
      `\n${new Date().toISOString().slice(0, 10)} · ${cpus().length} cores (${cpu}) · ${Math.round(totalmem() / 2 ** 30)} GiB · Chromium ${browser.version} headless · median of ${RUNS} page loads\n`,
    )
    console.log(
      '| catalogue | JSON size | navigation → first contentful paint | navigation → first card painted | keystroke, Event Timing duration | long tasks during load | console warnings | response → first card | keystroke → last DOM change | JS heap after load | DOM elements | catalogue requests (load + 2 tab switches) |',
    )
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|')
    for (const row of rows) console.log(row)
    console.log(
      `\nFirst visit: each load in a browser started for it with a profile of its own (nothing cached), median (min–max) of ${String(RUNS)}:\n`,
    )
    console.log(
      '| catalogue | build | navigation → first contentful paint | navigation → first card painted | long tasks during load | keystroke, Event Timing duration |',
    )
    console.log('|---|---|---|---|---|---|')
    for (const row of firstRows) console.log(row)
    console.log(
      `\nJS shipped (gzip): ${(loadedJs / 1024).toFixed(1)} KiB in ${String(loadedFiles)} files loaded by the Launch page (${(loadedWire / 1024).toFixed(1)} KiB on the wire); ${(js.total / 1024).toFixed(1)} KiB for the whole console (${js.files.length} files).`,
    )
  } finally {
    await browser.close()
    proxy.close()
    if (reference) referenceProxy.close()
    server.kill('SIGTERM')
    reference?.kill('SIGTERM')
    rmSync(referenceDataDir, { recursive: true, force: true })
    gateway.kill('SIGTERM')
    rmSync(gatewayDataDir, { recursive: true, force: true })
    replay.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
