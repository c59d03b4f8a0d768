import { AuditExportQuery, AuditFilterOptions, AuditQuery, AuditSearchResponse } from '../audit.js'
import { route } from './route.js'

/** Upstream v3's audit center (administrators only); the trail does not record its own reads. */
export const searchAudit = route({
  method: 'GET',
  path: '/api/v1/audit/search',
  summary: 'Search the audit trail',
  query: AuditQuery,
  answers: { 200: AuditSearchResponse },
  access: 'admin',
  audit: 'none',
})
export const getAuditFilterOptions = route({
  method: 'GET',
  path: '/api/v1/audit/filter-options',
  summary: "The values the audit trail's filters offer",
  answers: { 200: AuditFilterOptions },
  access: 'admin',
  audit: 'none',
})
export const exportAudit = route({
  method: 'GET',
  path: '/api/v1/audit/export',
  summary: "The platform's own: the audit trail as CSV, streamed",
  query: AuditExportQuery,
  access: 'admin',
  audit: 'none',
})
