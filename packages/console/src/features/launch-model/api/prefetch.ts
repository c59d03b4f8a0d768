import type { QueryClient } from '@tanstack/react-query'
import { hasToken } from '../../../lib/auth'
import { clusterAuthQuery } from '../../../lib/cluster-auth'
import { KINDS } from '../model/tabs'
import { builtinCatalogueQuery } from './get-catalogue'
import { devicesQuery } from './get-devices'

/**
 * The Launch page's prefetch (app/router.tsx): its requests start with the navigation, beside the page's code
 * chunk and the shell's auth check, not after them. The catalogue goes at once: with the token this tab holds, or
 * on a first visit with none (most servers need no sign-in, and a 401 from one that does is forgotten, not told: Login takes
 * over). The GPU count waits for the auth check, as SPEC §7 asks it of signed-in users only. Nothing is awaited:
 * the page renders as soon as its code is there and picks the requests up where they are.
 */
export function prefetchLaunchPage(queryClient: QueryClient, tab: string | undefined): void {
  const kind = KINDS.find((candidate) => candidate.value === tab)?.kind
  if (!kind) return
  // The auth check first: the shell shows nothing until it is answered, and the browser takes requests in order.
  queryClient.query(clusterAuthQuery).then(
    () => {
      if (hasToken()) queryClient.query(devicesQuery).catch(() => undefined)
    },
    // The shell shows a failed auth check.
    () => undefined,
  )
  // Without a token this is a first visit, and nobody knows yet whether the server needs a sign-in: a 401 of this
  // early request opens no auth dialog (and, as every 401, no toast), and it is forgotten, so the page asks again
  // when it mounts.
  const early = !hasToken()
  const catalogue = builtinCatalogueQuery(kind, { beforeAuthCheck: early })
  queryClient.query(catalogue).catch(() => {
    if (early) void queryClient.resetQueries({ queryKey: catalogue.queryKey, exact: true })
  })
}
