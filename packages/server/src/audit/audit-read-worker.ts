import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { openSqlite } from '../db/sqlite.js'
import { csv, filterOptions, search } from './audit-query.js'
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

port.on('message', (request: ReadRequest) => {
  const reply = (message: ReadReply) => port.postMessage(message)
  try {
    if (request.op === 'search') {
      reply({ id: request.id, done: search(db, request.query, request.now) })
    } else if (request.op === 'filterOptions') {
      reply({ id: request.id, done: filterOptions(db) })
    } else {
      const invalid = csv(db, request.query, (chunk) => reply({ id: request.id, chunk }), request.now)
      reply({ id: request.id, done: invalid ?? null })
    }
  } catch (error) {
    reply({ id: request.id, error: (error as Error).message })
  }
})
