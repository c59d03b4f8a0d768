import type { QueryClient } from '@tanstack/react-query'
import { hasToken } from '../../../lib/auth'
import { clusterAuthQuery } from '../../../lib/cluster-auth'
import { KINDS } from '../model/tabs'
import { builtinCatalogueQuery, devicesQuery } from './catalogue'

/**
 * The Launch page's prefetch (app/router.tsx): its requests start with the navigation, beside the page's code
 * chunk and the shell's auth check, not after them. The catalogue goes at once when this tab may read it already
 * (signed in, or a server known to need no sign-in); on a first visit it waits for the auth check, so that a server
 * which needs a sign-in is asked nothing it would refuse before the user sees Login. The GPU count waits for the
 * auth check, as SPEC §7 asks it of signed-in users only. Nothing is awaited: the page renders as soon as its code
 * is there and picks the requests up where they are. (What is returned settles once the requests that follow the
 * auth check have been asked.)
 */
export function prefetchLaunchPage(queryClient: QueryClient, tab: string | undefined): Promise<void> {
  const kind = KINDS.find((candidate) => candidate.value === tab)?.kind
  if (!kind) return Promise.resolve()
  const catalogue = () => void queryClient.query(builtinCatalogueQuery(kind)).catch(() => undefined)
  // The auth check first: the shell shows nothing until it is answered, and the browser takes requests in order.
  const authChecked = queryClient.query(clusterAuthQuery)
  if (hasToken()) catalogue()
  return authChecked.then(
    () => {
      if (!hasToken()) return
      // Asked once: a catalogue already on its way answers this call too.
      catalogue()
      queryClient.query(devicesQuery()).catch(() => undefined)
      // What the server can do (the page's fit column and its "Runs here" filter) is the frame's to ask, next.
    },
    // The shell shows a failed auth check.
    () => undefined,
  )
}
