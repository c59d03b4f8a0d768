import { Notice } from './notice'
import { useT } from '../i18n/react'
import type { ClusterTrouble } from '../lib/listed-models'
import './cluster-troubles.css'

/** A notice per cluster whose models are not listed now, saying why; the others' are (docs/clusters.md). */
export function ClusterTroubles({ troubles }: { troubles: readonly ClusterTrouble[] }) {
  const t = useT()
  return troubles.map(({ cluster, detail, lastSeen }) => (
    <Notice key={cluster} severity="warning" className="cluster-trouble">
      {lastSeen
        ? t('running.cluster.troubleLastSeen', { cluster, detail })
        : t('running.cluster.trouble', { cluster, detail })}
    </Notice>
  ))
}
