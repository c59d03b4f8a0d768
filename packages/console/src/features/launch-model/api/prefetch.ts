import type { QueryClient } from '@tanstack/react-query'
import { hasToken } from '../../../lib/auth'
import { clusterAuthQuery } from '../../../lib/cluster-auth'
import { KINDS } from '../model/tabs'
import { builtinCatalogueQuery } from './get-catalogue'
import { devicesQuery } from './get-devices'

/**
 * The Launch page's route loader: its requests start with the navigation, beside the page's code chunk, not
 * after it. The auth check comes first (the shell's own query, so it is asked once) and only when it lets this
 * user in (SPEC §4's token rules) the catalogue of the tab and the GPU count follow. Nothing is awaited: the page
 * renders as soon as its code is there and picks the requests up where they are.
 */
export function prefetchLaunchPage(queryClient: QueryClient, tab: string | undefined): null {
  const kind = KINDS.find((candidate) => candidate.value === tab)?.kind
  if (!kind) return null
  queryClient.query(clusterAuthQuery).then(
    () => {
      if (!hasToken()) return
      // Their failures reach the toast through the query cache, as the page's own would.
      queryClient.query(builtinCatalogueQuery(kind)).catch(() => undefined)
      queryClient.query(devicesQuery).catch(() => undefined)
    },
    // The shell shows a failed auth check; the page's own queries ask again when it mounts.
    () => undefined,
  )
  return null
}
