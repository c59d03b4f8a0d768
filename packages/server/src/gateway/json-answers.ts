import { api, apiRoutes, upstreamPath, type Route } from '@serving-console/contract'

/** An answer's media type, lower case and without parameters; '' when it names none. */
export function mediaType(headers: Record<string, string | string[] | undefined>): string {
  return (
    String(headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase() ?? ''
  )
}

/**
 * What an answer is to a caller that expects JSON. Xinference also answers errors in plain text (`Internal Server
 * Error: …`), which a client can still show as the error; an answer with no body says nothing wrong. Anything else
 * (an HTML page as a 200, from a proxy in front of the cluster or a web UI at the address) would reach the console
 * as data: the gateway answers 502 naming what came instead (`notJson`).
 */
export function jsonAnswerKind(
  status: number,
  type: string,
  empty: boolean,
): 'json' | 'plain-error' | 'empty' | 'other' {
  if (/^application\/([\w.+-]+\+)?json$/.test(type)) return 'json'
  if (status >= 400 && (type === '' || type === 'text/plain')) return 'plain-error'
  if (empty && status < 300) return 'empty'
  return 'other'
}

/** What a 502 says came where JSON was expected (after "The Xinference cluster at … answered"). */
export function notJson(type: string, pathname: string): string {
  return `${type || 'an answer without a content type'} where JSON was expected, from ${pathname}`
}

/**
 * The route table's paths, at upstream's (the gateway forwards `/api/v1/x` to `/v1/x`), whose answers are JSON
 * whatever they say. Chat, completions and messages may stream events, the audit export is CSV, the metrics are Prometheus
 * text and `/{uid}` is a web UI.
 */
const NOT_JSON = new Set<Route>([
  api.createChatCompletion,
  api.createCompletion,
  api.createMessage,
  api.exportAudit,
  api.getMetrics,
  api.getModelUi,
])
const JSON_ROUTES = [
  ...new Set(apiRoutes.filter((route) => !NOT_JSON.has(route)).map((route) => upstreamPath(route.path))),
].map((path) => {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^${escaped.replace(/:\w+/g, '[^/]+')}$`)
})

/**
 * Whether the gateway promises JSON for what it forwards to `path` (upstream's, with or without its query). HEAD
 * and OPTIONS answers carry no JSON: a CORS preflight is `OK` in plain text.
 */
export function promisesJson(method: string, path: string): boolean {
  if (method === 'HEAD' || method === 'OPTIONS') return false
  const pathname = path.split('?')[0] ?? path
  return JSON_ROUTES.some((route) => route.test(pathname))
}
