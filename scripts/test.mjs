// `npm test`: everything CI checks, in order — Chromium present, build, types, lint, unit and server tests
// (Vitest) under the machine's Node, the code that runs on Node (server, contract) again under Node 24,
// end-to-end journeys in Chromium (Playwright) — then each step's wall time and one closing line with the totals.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { buildIfNeeded } from './build-if-needed.mjs'
import { ensureChromium } from './ensure-chromium.mjs'

const reports = '.test-reports'
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

/** Each step's title and wall time in seconds, for the closing lines: what to speed up when the suite grows. */
const timings = []
function timed(title, run) {
  const started = performance.now()
  try {
    return run()
  } finally {
    timings.push({ title, seconds: (performance.now() - started) / 1000 })
  }
}

function step(title, command, env = {}) {
  console.log(`\n▶ ${title}`)
  return timed(
    title,
    () => spawnSync(command, { shell: true, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0,
  )
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

timed('Chromium present', ensureChromium)
timed('Build', buildIfNeeded)
let ok = step('Type check', 'npm run typecheck --silent')
ok = step('Lint and format', 'npm run lint --silent') && ok
ok =
  step(
    'Unit and server tests (Vitest)',
    `npx vitest run --reporter=default --reporter=json --outputFile.json=${reports}/vitest.json`,
  ) && ok
ok =
  step(
    // The platform supports Node 20 and 24: the code that runs on Node again under 24. The console's tests
    // (browser code in jsdom) and the lint rules' (run by the machine's Node) say the same under either.
    'Server and contract tests under Node 24 (Vitest)',
    `node scripts/node24.mjs npx vitest run --project @serving-console/server --project @serving-console/contract --reporter=dot --reporter=json --outputFile.json=${reports}/vitest-node24.json`,
  ) && ok
ok =
  step('End-to-end tests (Playwright, Chromium)', 'npm test -w e2e -- --reporter=list,json', {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `../${reports}/playwright.json`,
  }) && ok

const vitests = ['vitest.json', 'vitest-node24.json'].map((name) => readJson(`${reports}/${name}`))
const playwright = readJson(`${reports}/playwright.json`)
const sum = (count) => vitests.reduce((total, report) => total + (count(report) ?? 0), 0)
const passed =
  sum((report) => report?.numPassedTests) +
  (playwright?.stats?.expected ?? 0) +
  (playwright?.stats?.flaky ?? 0)
const failed = sum((report) => report?.numFailedTests) + (playwright?.stats?.unexpected ?? 0)
const skipped =
  sum((report) => report?.numPendingTests) +
  sum((report) => report?.numTodoTests) +
  (playwright?.stats?.skipped ?? 0)
// Steps that fail before any test runs (types, lint, a crashed runner) count as one failure each.
const failedSteps = ok ? 0 : Math.max(0, 1 - failed)
console.log('\nstep times:')
for (const { title, seconds } of timings) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${title}`)
const total = timings.reduce((sum, { seconds }) => sum + seconds, 0)
console.log(`  ${total.toFixed(1).padStart(7)} s  in all`)
console.log(`tests: ${passed} passed, ${failed + failedSteps} failed, ${skipped} skipped`)
process.exit(ok ? 0 : 1)
