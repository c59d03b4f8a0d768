import { routeOfRequest } from './lookup.js'
import type { AuditCategory } from './route.js'

/**
 * Upstream's areas that nobody lists here, which the gateway forwards as they are (`/v1/images/...`,
 * `/v1/audio/...`): inference, by the first segment after `/v1`.
 */
const INFERENCE_AREAS = new Set(['chat', 'completions', 'embeddings', 'rerank', 'images', 'audio'])

/**
 * The audit trail's category of any request (docs/security.md, the audit trail): its entry's `audit`; for a path the table does not
 * list, one rule by its area after `/v1` (or `/api/v1`): `auth` (sign-in and tokens) → auth, the trail's own
 * `audit` → none (never recorded), the inference areas above → inference, anything else → admin.
 */
export function auditCategoryOf(method: string, url: string): AuditCategory {
  const listed = routeOfRequest(method, url)
  if (listed) return listed.audit
  const path = url.split(/[?#]/, 1)[0] ?? ''
  const area = /^\/(?:api\/)?v1\/([^/]+)/.exec(path)?.[1]
  if (area === undefined) return 'admin'
  if (area === 'auth') return 'auth'
  if (area === 'audit') return 'none'
  return INFERENCE_AREAS.has(area) ? 'inference' : 'admin'
}
