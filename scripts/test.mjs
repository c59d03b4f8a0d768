// `npm test`: everything CI checks, in order — Chromium present, build, types, lint, unit and server tests
// (Vitest), end-to-end journeys in Chromium (Playwright) — then one closing line with the totals.
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
  step('End-to-end tests (Playwright, Chromium)', 'npm test -w e2e -- --reporter=list,json', {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `../${reports}/playwright.json`,
  }) && ok

const vitest = readJson(`${reports}/vitest.json`)
const playwright = readJson(`${reports}/playwright.json`)
const passed =
  (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0)
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0)
const skipped =
  (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0)
// Steps that fail before any test runs (types, lint, a crashed runner) count as one failure each.
const failedSteps = ok ? 0 : Math.max(0, 1 - failed)
console.log(`\ntests: ${passed} passed, ${failed + failedSteps} failed, ${skipped} skipped`)
process.exit(ok ? 0 : 1)
