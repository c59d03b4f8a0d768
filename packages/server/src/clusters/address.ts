/**
 * A cluster's address as the server takes it (`--endpoint`, `--clusters`, System → Clusters): http or https, with no
 * user, password, query or #fragment in it (a credential goes in its own field, where it is kept and never shown),
 * and a base path kept without its trailing slash, so `${base}/v1/...` is always one slash. Returns the URL, or
 * why not in words.
 */
export function clusterAddress(text: string): URL | string {
  const url = URL.canParse(text) ? new URL(text) : null
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return `must be an http:// or https:// address, got "${text}"`
  if (url.username || url.password || url.search || url.hash)
    return `must be a plain address (no user, password, query or #fragment), got "${text}"`
  url.pathname = url.pathname.replace(/\/+$/, '')
  return url
}

/** The address as written everywhere (stored, compared, shown): origin and base path. */
export const addressText = (url: URL) => `${url.origin}${url.pathname === '/' ? '' : url.pathname}`
