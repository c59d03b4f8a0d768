/**
 * What limits cost a request: the same embedding request through the real server (built
 * `packages/server/dist/main.js`, the generated tiny embedding model), with every kind of limit set on the model (high
 * enough never to refuse) and with none, in alternating blocks in one run. Each request with limits is counted in
 * the minute windows, checked against the budget, and written to the usage table (as every request is; the upsert
 * runs either way, so the difference is the limits' own). Prints Markdown.
 *
 *   npm run bench:quota   (after `npm run build`)
 */
import { cpus, totalmem } from 'node:os'
import { post as postTo, startPlatform } from './platform.js'

const BLOCKS = 8
const PER_BLOCK = 100
const PORT = 19_000 + Math.floor(Math.random() * 1000)
const BASE = `http://127.0.0.1:${PORT}`
const MODEL = 'tiny-embedding'
const LIMITS = {
  requests_per_minute: 1_000_000,
  tokens_per_minute: 1_000_000_000,
  requests_at_once: 10_000,
  token_budget: 1_000_000_000_000,
  soft_budget: 999_999_999_999,
  budget_period: 'day',
}
const NONE = Object.fromEntries(
  Object.keys(LIMITS).map((name) => [name, name === 'budget_period' ? 'day' : null]),
)

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * q)] ?? NaN

async function setLimits(limits: object) {
  const answer = await fetch(`${BASE}/api/v1/models/${MODEL}/limits`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(limits),
  })
  if (!answer.ok) throw new Error(`limits: ${answer.status} ${await answer.text()}`)
}

async function main() {
  const platform = await startPlatform(PORT)
  try {
    await postTo(BASE, '/api/v1/models', { model_name: MODEL, model_type: 'embedding' })
    const times: Record<'off' | 'on', number[]> = { off: [], on: [] }
    // A warm-up block, not counted.
    for (let block = -1; block < BLOCKS * 2; block++) {
      const mode = block % 2 === 0 ? 'on' : 'off'
      await setLimits(mode === 'on' ? LIMITS : NONE)
      for (let i = 0; i < PER_BLOCK; i++) {
        const started = performance.now()
        await postTo(BASE, '/v1/embeddings', { model: MODEL, input: 'a short passage' })
        if (block >= 0) times[mode].push(performance.now() - started)
      }
    }
    const row = (mode: 'off' | 'on') =>
      `| ${mode === 'on' ? 'every limit set' : 'none'} | ${String(times[mode].length)} | ${quantile(times[mode], 0.5).toFixed(2)} ms | ${quantile(times[mode], 0.95).toFixed(2)} ms |`
    const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
    console.log(
      `\n${new Date().toISOString().slice(0, 10)} · ${cpus().length} cores (${cpu}) · ${Math.round(totalmem() / 2 ** 30)} GiB · one embedding request at a time, blocks of ${String(PER_BLOCK)} alternating\n`,
    )
    console.log('| limits on the model | requests | p50 | p95 |')
    console.log('|---|---|---|---|')
    console.log(row('off'))
    console.log(row('on'))
    console.log(`\nAdded at p50: ${(quantile(times.on, 0.5) - quantile(times.off, 0.5)).toFixed(3)} ms`)
  } finally {
    platform.stop()
  }
}

await main()
