import { HttpError } from '../http/http-error.js'

/** How many times a path is decoded in search of a dot segment: more layers than any server between here and there. */
const DECODINGS = 3

const refused = () => new HttpError(400, 'Bad request path')

/** Whether `path`, decoded as the servers after us may decode it, names a `.` or `..` segment or a backslash. */
function escapes(path: string): boolean {
  let text = path
  for (let round = 0; round <= DECODINGS; round++) {
    if (text.includes('\\')) return true
    if (text.split('/').some((segment) => segment === '.' || segment === '..')) return true
    let decoded: string
    try {
      decoded = decodeURIComponent(text)
    } catch {
      return true // a malformed escape: no server would agree on what it names
    }
    if (decoded === text) return false
    text = decoded
  }
  return true
}

/**
 * The upstream URL a request target names: the endpoint's origin and base path, then the target's path and query.
 * The target must be a path (one leading slash: `//host/…` and absolute URLs name another host) whose segments,
 * decoded once or several times, are never `.` or `..` — URL parsers and the servers behind the endpoint resolve
 * those (`/%2e%2e/x` too), which would leave the base path (`--endpoint http://host/base` must never reach
 * `http://host/x`). Refused with 400 otherwise, before anything is sent.
 */
export function confine(origin: string, basePath: string, target: string): URL {
  const queryAt = target.indexOf('?')
  const path = queryAt === -1 ? target : target.slice(0, queryAt)
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('#') || escapes(path)) throw refused()
  const url = new URL(`${basePath}${target}`, origin)
  if (url.origin !== origin || !url.pathname.startsWith(`${basePath}/`)) throw refused()
  return url
}
