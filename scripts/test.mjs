// `npm test`: everything CI checks, in order — Chromium present, build, types, lint, unit and server tests
// (Vitest) under the machine's Node and again under Node 24, end-to-end journeys in Chromium (Playwright) — then
// one closing line with the totals.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { buildIfNeeded } from './build-if-needed.mjs'
import { ensureChromium } from './ensure-chromium.mjs'

const reports = '.test-reports'
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

function step(title, command, env = {}) {
  console.log(`\n▶ ${title}`)
  const result = spawnSync(command, { shell: true, stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status === 0
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

ensureChromium()
buildIfNeeded()
let ok = step('Type check', 'npm run typecheck --silent')
ok = step('Lint and format', 'npm run lint --silent') && ok
ok =
  step(
    'Unit and server tests (Vitest)',
    `npx vitest run --reporter=default --reporter=json --outputFile.json=${reports}/vitest.json`,
  ) && ok
ok =
  step(
    'Unit and server tests under Node 24 (Vitest)',
    `node scripts/node24.mjs npx vitest run --reporter=dot --reporter=json --outputFile.json=${reports}/vitest-node24.json`,
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
console.log(`\ntests: ${passed} passed, ${failed + failedSteps} failed, ${skipped} skipped`)
process.exit(ok ? 0 : 1)
