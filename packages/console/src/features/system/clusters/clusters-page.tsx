import type { Cluster } from '@serving-console/contract'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ScrollTable } from '../../../components/scroll-table'
import type { MessageId } from '../../../i18n/catalogue'
import { currentIntl } from '../../../i18n/i18n'
import { useT } from '../../../i18n/react'
import { useClusters, useRemoveCluster, useTestCluster } from '../api/clusters'
import { SystemQuery } from '../system-query'
import { SystemSection } from '../system-section'
import { ClusterDialog, CREDENTIAL_LABELS } from './cluster-dialog'
import './clusters.css'

const COLUMNS: readonly MessageId[] = [
  'system.clusters.name',
  'system.clusters.address',
  'system.clusters.column.status',
  'system.clusters.credential',
  'system.column.actions',
]

type Open = { dialog: 'edit'; cluster: Cluster | null } | { dialog: 'remove'; cluster: Cluster } | null

const STATE_LABELS: Record<Cluster['status']['state'], MessageId> = {
  up: 'system.clusters.state.up',
  refused: 'system.clusters.state.refused',
  down: 'system.clusters.state.down',
}

const when = (seconds: number) => currentIntl().formatTime(seconds * 1000, { timeStyle: 'short' })

/** What the server found at a cluster when it last asked, in words. */
function StatusCell({ cluster }: { cluster: Cluster }) {
  const t = useT()
  const { status } = cluster
  const found =
    status.kind === null
      ? null
      : t(
          status.kind === 'xinference' ? 'system.clusters.kind.xinference' : 'system.clusters.kind.platform',
          {
            version: status.version ?? '',
          },
        )
  return (
    <>
      <span className={`cluster-state cluster-state-${status.state}`}>{t(STATE_LABELS[status.state])}</span>
      {found && (
        <span className="cluster-note">
          {status.latency_ms === null ? found : t('system.clusters.found', { found, ms: status.latency_ms })}
        </span>
      )}
      {status.detail && <span className="cluster-detail">{status.detail}</span>}
      <span className="cluster-note">
        {t('system.clusters.checkedAt', { time: when(status.checked_at) })}
      </span>
    </>
  )
}

/**
 * System → Clusters (docs/clusters.md): the Xinference clusters, or other Serving Console platforms, this server
 * holds besides its own; whether each answers and takes its credential, and its version. Add, test, change,
 * remove; those of the command line keep their name and address there.
 */
export function ClustersPage() {
  const t = useT()
  const clusters = useClusters()
  const test = useTestCluster()
  const remove = useRemoveCluster()
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  return (
    <SystemSection
      title={t('system.clusters.title')}
      addLabel={t('system.clusters.add')}
      onAdd={() => setOpen({ dialog: 'edit', cluster: null })}
    >
      <p className="muted">{t('system.clusters.intro')}</p>
      <SystemQuery
        query={clusters}
        loadError={t('system.clusters.loadError')}
        empty={t('system.clusters.none')}
        isEmpty={(data) => data.clusters.length === 0}
      >
        {(data) => (
          <ScrollTable label={t('system.clusters.title')} className="system-table" columns={COLUMNS}>
            {data.clusters.map((cluster) => (
              <tr key={cluster.name}>
                <th scope="row">
                  {cluster.name}
                  {cluster.source === 'command_line' && (
                    <span className="cluster-note">{t('system.clusters.fromCommandLine')}</span>
                  )}
                </th>
                <td className="cluster-address">{cluster.address}</td>
                <td>
                  <StatusCell cluster={cluster} />
                </td>
                <td>
                  {cluster.credential.kind === 'password'
                    ? t('system.clusters.signedInAs', { username: cluster.credential.username ?? '' })
                    : t(CREDENTIAL_LABELS[cluster.credential.kind])}
                </td>
                <td>
                  <span className="system-actions">
                    <Button
                      size="small"
                      aria-label={t('system.clusters.testOf', { name: cluster.name })}
                      loading={test.isPending && test.variables === cluster.name}
                      onClick={() => test.mutate(cluster.name)}
                    >
                      {t('system.clusters.test')}
                    </Button>
                    <Button
                      size="small"
                      aria-label={t('system.clusters.editOf', { name: cluster.name })}
                      onClick={() => setOpen({ dialog: 'edit', cluster })}
                    >
                      {t('system.clusters.edit')}
                    </Button>
                    {cluster.source === 'console' && (
                      <Button
                        size="small"
                        color="error"
                        aria-label={t('system.clusters.removeOf', { name: cluster.name })}
                        onClick={() => setOpen({ dialog: 'remove', cluster })}
                      >
                        {t('system.clusters.remove')}
                      </Button>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </SystemQuery>
      {open?.dialog === 'edit' && <ClusterDialog cluster={open.cluster} onClose={close} />}
      <ConfirmDialog
        open={open?.dialog === 'remove'}
        text={
          open?.dialog === 'remove' ? t('system.clusters.removeConfirm', { name: open.cluster.name }) : ''
        }
        onConfirm={() => {
          if (open?.dialog === 'remove') remove.mutate(open.cluster.name)
          close()
        }}
        onCancel={close}
      />
    </SystemSection>
  )
}
