import { PassThrough } from 'node:stream'
import { api, MAX_AUDIT_EXPORT } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import { invalidQuery } from '../audit/audit-query.js'
import type { AuditReader } from '../audit/audit-reader.js'
import { clientGone } from '../../http/client-gone.js'
import { HttpError } from '../../http/http-error.js'
import { serve } from '../../http/serve.js'

/**
 * Upstream v3's audit center (admin): search and the filters' values; and the platform's own CSV export, streamed
 * as it is read. Every read runs in the reader's thread (audit-reader.ts), never on the event loop.
 */
export async function auditRoutes(app: FastifyInstance, options: { reader: AuditReader }) {
  const { reader } = options
  serve(app, api.searchAudit, async (request) => {
    const found = await reader.search(request.query)
    if ('invalid' in found) throw new HttpError(422, found.invalid)
    return found
  })
  serve(app, api.getAuditFilterOptions, () => reader.filterOptions())
  serve(app, api.exportAudit, (request, reply) => {
    const now = Date.now()
    const invalid = invalidQuery(request.query, now)
    if (invalid) throw new HttpError(422, invalid)
    // Turned away now, while the answer can still say so: once its head is out, a 200 is all a client sees.
    reader.refuseIfBusy()
    const body = new PassThrough()
    const exporting = reader.csv(
      { ...request.query, size: request.query.size ?? MAX_AUDIT_EXPORT },
      (chunk) => body.write(chunk),
      now,
    )
    // A client gone stops the reading between two chunks.
    clientGone(reply).addEventListener('abort', exporting.cancel)
    exporting.done.then(
      () => body.end(),
      (error: unknown) => {
        // The head is gone: the cut-off answer is what tells the client.
        request.log.error({ err: error }, 'audit export failed')
        body.destroy(error as Error)
      },
    )
    const stamp = new Date(now).toISOString().slice(0, 19).replaceAll(':', '-')
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${stamp}.csv"`)
      .send(body)
  })
}
