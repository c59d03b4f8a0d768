import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { openSqlite } from '../../platform/db/sqlite.js'
import { csvChunks, filterOptions, search } from './audit-query.js'
import type { ReadReply, ReadRequest } from './audit-reader.js'

/**
 * The audit trail's reads, in a thread of their own with a connection of their own (WAL lets it read while the
 * server writes): a search over the whole trail or an export of 50,000 entries takes the time it takes here, and
 * the server's event loop keeps serving meanwhile.
 */
/**
 * This thread reads at the lowest priority, where the system allows it: on a small machine the CPU goes to serving
 * first (Linux keeps a nice value per thread, found by the thread's id; elsewhere it stays as it is).
 */
function yieldToServing() {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (Number.isInteger(thread) && thread > 0) setPriority(thread, 19)
  } catch {
    // No /proc, or not allowed: reads run at the server's priority.
  }
}
yieldToServing()

const db = openSqlite((workerData as { path: string }).path)
db.exec('PRAGMA query_only = ON')
db.exec('PRAGMA busy_timeout = 5000')
const port = parentPort
if (!port) throw new Error('audit-read-worker runs as a worker thread')

/** Exports asked to stop (their client went away): checked between chunks. */
const cancelled = new Set<number>()
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

/** An export, a chunk at a time; between chunks the thread takes other reads and cancels. */
async function exportCsv(request: Extract<ReadRequest, { op: 'csv' }>, reply: (message: ReadReply) => void) {
  for (const chunk of csvChunks(db, request.query, request.now)) {
    if (cancelled.has(request.id)) break
    reply({ id: request.id, chunk })
    await nextTurn()
  }
  cancelled.delete(request.id)
  reply({ id: request.id, done: null })
}

port.on('message', (request: ReadRequest | { op: 'cancel'; id: number }) => {
  const reply = (message: ReadReply) => port.postMessage(message)
  if (request.op === 'cancel') return void cancelled.add(request.id)
  const failed = (error: unknown) => reply({ id: request.id, error: (error as Error).message })
  try {
    if (request.op === 'search') reply({ id: request.id, done: search(db, request.query, request.now) })
    else if (request.op === 'filterOptions') reply({ id: request.id, done: filterOptions(db) })
    else exportCsv(request, reply).catch(failed)
  } catch (error) {
    failed(error)
  }
})
