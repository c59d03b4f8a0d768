import { AuditFilterOptions, AuditQuery, AuditSearchResponse, routePatterns } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import type { AuditLog } from '../audit/audit-log.js'
import { HttpError } from '../http-error.js'
import type { ZodTypeProvider } from '../zod-type-provider.js'
import { specAndUpstream } from './paths.js'

/** Upstream v3's audit center (admin): search and the filters' values; and the platform's own CSV export. */
export async function auditRoutes(app: FastifyInstance, options: { audit: AuditLog }) {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const { audit } = options
  for (const url of specAndUpstream(routePatterns.auditSearch)) {
    typed.get(
      url,
      { schema: { querystring: AuditQuery, response: { 200: AuditSearchResponse } } },
      (request) => {
        const found = audit.search(request.query)
        if ('invalid' in found) throw new HttpError(422, found.invalid)
        return found
      },
    )
  }
  for (const url of specAndUpstream(routePatterns.auditFilterOptions)) {
    typed.get(url, { schema: { response: { 200: AuditFilterOptions } } }, () => audit.filterOptions())
  }
  for (const url of specAndUpstream(routePatterns.auditExport)) {
    typed.get(url, { schema: { querystring: AuditQuery } }, (request, reply) => {
      const csv = audit.csv(request.query)
      if (typeof csv !== 'string') throw new HttpError(422, csv.invalid)
      const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-')
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${stamp}.csv"`)
        .send(csv)
    })
  }
}
