/**
 * Chat while the audit trail is read: the p50 and p95 of a short chat on the tiny model, alone and while two
 * administrators read the trail without pause (one searching it whole, one exporting it as CSV), as the trail grows
 * to 100,000 rows. Reads run in the audit reader's thread: the ratio with readers over without should stay near 1
 * at every size. Prints a Markdown table.
 *
 *   npm run build && npm run bench:audit -w bench
 */
import { cpus, totalmem } from 'node:os'
import { startPlatform } from './platform.js'

const PORT = 19_000 + Math.floor(Math.random() * 1000)
const SIZES = [1_000, 30_000, 100_000]
const CHATS = 200
const FILL_CONCURRENCY = 16
const CHAT = {
  model: 'tiny-chat',
  temperature: 0,
  max_tokens: 8,
  messages: [{ role: 'user', content: 'Hello' }],
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN

async function post(base: string, path: string, body: object): Promise<Response> {
  return fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** Adds `count` rows to the trail: each a cancel of a model that is not there (a change refused with 404). */
async function fill(base: string, count: number) {
  let left = count
  await Promise.all(
    Array.from({ length: FILL_CONCURRENCY }, async () => {
      while (left-- > 0) await (await post(base, '/v1/models/none/cancel', {})).arrayBuffer()
    }),
  )
}

async function chats(base: string): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < CHATS; i++) {
    const started = performance.now()
    const answer = await post(base, '/v1/chat/completions', CHAT)
    if (!answer.ok) throw new Error(`chat: ${answer.status} ${await answer.text()}`)
    await answer.arrayBuffer()
    times.push(performance.now() - started)
  }
  return times
}

/** Two readers, reading until `stop` is set: a search over the whole day, and a full CSV export. */
function readers(base: string, stop: { now: boolean }) {
  let reads = 0
  const loop = async (path: string) => {
    while (!stop.now) {
      await (await fetch(base + path)).arrayBuffer()
      reads++
    }
  }
  const done = Promise.all([
    loop('/v1/audit/search?time_from=now-1d&size=500'),
    loop('/v1/audit/export?time_from=now-1d'),
  ])
  return { done: done.then(() => reads) }
}

const platform = await startPlatform(PORT)
try {
  const launched = await post(platform.base, '/v1/models', { model_name: 'tiny-chat', model_type: 'LLM' })
  if (!launched.ok) throw new Error(`launch: ${launched.status} ${await launched.text()}`)
  const rows: string[] = []
  let filled = 0
  for (const size of SIZES) {
    await fill(platform.base, size - filled)
    filled = size
    const alone = await chats(platform.base)
    const stop = { now: false }
    const reading = readers(platform.base, stop)
    const read = await chats(platform.base)
    stop.now = true
    const reads = await reading.done
    const p50 = [quantile(alone, 0.5), quantile(read, 0.5)]
    rows.push(
      `| ${size.toLocaleString('en')} | ${p50[0]?.toFixed(1)} | ${quantile(alone, 0.95).toFixed(1)} | ${p50[1]?.toFixed(1)} | ${quantile(read, 0.95).toFixed(1)} | ${((p50[1] ?? 0) / (p50[0] ?? 1)).toFixed(2)} | ${reads} |`,
    )
  }
  console.log(
    `\nChat (8 tokens) while two readers read the trail — ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`,
  )
  console.log(
    '| rows in the trail | p50 alone (ms) | p95 alone | p50 while read | p95 while read | p50 ratio | reads done |',
  )
  console.log('|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
} finally {
  platform.stop()
}
