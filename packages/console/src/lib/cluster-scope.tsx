import { createContext, useContext, type ReactNode } from 'react'

/**
 * The cluster a screen works on (docs/clusters.md): Launch Model and Register Model ask the chosen cluster's
 * catalogue, engines and features through the same routes under `clusters/{name}`, and launch or register there.
 * Undefined: this server's own platform.
 */
const ClusterContext = createContext<string | undefined>(undefined)

export function ClusterScope({ cluster, children }: { cluster: string | undefined; children: ReactNode }) {
  return <ClusterContext value={cluster}>{children}</ClusterContext>
}

/** The cluster the screen around works on; undefined for this server's own. */
export const useCluster = () => useContext(ClusterContext)
