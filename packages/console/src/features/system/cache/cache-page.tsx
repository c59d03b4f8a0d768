import type { CacheDisk, CacheFolder, DownloadTask } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { DownloadProgress } from '../../../components/download-progress'
import { Notice } from '../../../components/notice'
import { ProgressBar } from '../../../components/progress-bar'
import { ScrollTable } from '../../../components/scroll-table'
import type { MessageId } from '../../../i18n/catalogue'
import { useT } from '../../../i18n/react'
import { downloadsQuery } from '../../../lib/downloads'
import { formatBytes } from '../../../lib/format'
import { useServerFeature } from '../../../lib/server-features'
import { useCacheDisk, useCachedVersions, useRemoveCached } from '../api/cache'
import { SystemQuery } from '../system-query'
import '../system.css'
import './cache.css'

const FOLDER_COLUMNS: readonly MessageId[] = [
  'system.cache.column.version',
  'system.cache.column.size',
  'system.cache.column.usedBy',
  'system.column.actions',
]
const PARTIAL_COLUMNS: readonly MessageId[] = [
  'system.cache.column.version',
  'system.cache.column.size',
  'system.cache.column.state',
  'system.column.actions',
]
const CLUSTER_COLUMNS: readonly MessageId[] = [
  'system.cache.column.version',
  'system.cache.column.path',
  'system.cache.column.worker',
  'system.column.actions',
]

/**
 * Model Cache (System, `cache:list`; docs/downloads.md): on the platform, its disk's space, the download tasks,
 * each cached model version with its size and the running models using it, and the half-done files; in front of
 * a cluster, what the cluster's cache listing gives. Removing asks first, and is refused while something uses the
 * files.
 */
export function CachePage() {
  const t = useT()
  const platform = useServerFeature('downloads')
  const [removing, setRemoving] = useState<string | null>(null)
  const remove = useRemoveCached()
  const confirm = (
    <ConfirmDialog
      open={removing !== null}
      text={t('system.cache.removeConfirm', { version: removing ?? '' })}
      onCancel={() => setRemoving(null)}
      onConfirm={() => {
        if (removing) remove.mutate(removing)
        setRemoving(null)
      }}
    />
  )
  return (
    <>
      <p className="muted">{t(platform ? 'system.cache.intro' : 'system.cache.introCluster')}</p>
      {platform ? <PlatformCache onRemove={setRemoving} /> : <ClusterCache onRemove={setRemoving} />}
      {confirm}
    </>
  )
}

function PlatformCache({ onRemove }: { onRemove: (version: string) => void }) {
  const t = useT()
  const disk = useCacheDisk(true)
  // A cancelled download was the user's own doing: it is not shown again.
  const shownTasks = useQuery({
    ...downloadsQuery,
    select: (answer) => answer.downloads.filter((task) => task.state !== 'cancelled'),
  })
  const downloads = useQuery(downloadsQuery)
  return (
    <SystemQuery query={disk} loadError={t('system.cache.loadError')}>
      {(data) => (
        <>
          <DiskSection disk={data} />
          <section className="surface system-section" aria-labelledby="cache-downloads-title">
            <h2 id="cache-downloads-title">{t('system.cache.downloads')}</h2>
            <SystemQuery
              query={shownTasks}
              loadError={t('system.cache.loadError')}
              empty={t('system.cache.noDownloads')}
            >
              {(tasks) => (
                <div className="cache-downloads">
                  {tasks.map((task) => (
                    <DownloadProgress key={task.cache_uid} task={task} named />
                  ))}
                </div>
              )}
            </SystemQuery>
          </section>
          <FolderSection
            title={'system.cache.models'}
            empty={'system.cache.noModels'}
            columns={FOLDER_COLUMNS}
            folders={data.folders.filter((folder) => folder.complete)}
            tasks={downloads.data ?? []}
            onRemove={onRemove}
          />
          <FolderSection
            title={'system.cache.partial'}
            empty={'system.cache.noPartial'}
            columns={PARTIAL_COLUMNS}
            folders={data.folders.filter((folder) => !folder.complete)}
            tasks={downloads.data ?? []}
            onRemove={onRemove}
          />
        </>
      )}
    </SystemQuery>
  )
}

/** The disk's space: what the cache holds, what else uses it, what is free and what is kept free. */
function DiskSection({ disk }: { disk: CacheDisk }) {
  const t = useT()
  const cached = disk.folders.reduce((sum, folder) => sum + folder.bytes, 0)
  const used = Math.max(0, disk.total_bytes - disk.free_bytes)
  return (
    <section className="surface system-section" aria-labelledby="cache-disk-title">
      <h2 id="cache-disk-title">{t('system.cache.disk')}</h2>
      <ProgressBar
        label={t('system.cache.diskUsed')}
        percent={disk.total_bytes > 0 ? Math.round((used / disk.total_bytes) * 100) : 0}
      />
      <p>
        {t('system.cache.diskText', {
          free: formatBytes(disk.free_bytes),
          total: formatBytes(disk.total_bytes),
          cached: formatBytes(cached),
          reserve: formatBytes(disk.reserve_bytes),
        })}
      </p>
    </section>
  )
}

/** Why a folder's files cannot be removed now (as the server would refuse); null when they can. */
function keptBecause(folder: CacheFolder, kept: boolean, t: ReturnType<typeof useT>): string | null {
  if (folder.used_by.length > 0) return t('system.cache.inUse', { models: folder.used_by.join(', ') })
  if (folder.downloading) return t('system.cache.downloading')
  if (kept) return t('system.cache.hasTask')
  return null
}

function FolderSection({
  title,
  empty,
  columns,
  folders,
  tasks,
  onRemove,
}: {
  title: MessageId
  empty: MessageId
  columns: readonly MessageId[]
  folders: CacheFolder[]
  /** The download tasks: a folder whose task has not ended is its (cancelling it removes the files). */
  tasks: DownloadTask[]
  onRemove: (version: string) => void
}) {
  const t = useT()
  const id = `cache-${title}`
  return (
    <section className="surface system-section" aria-labelledby={id}>
      <h2 id={id}>{t(title)}</h2>
      {folders.length === 0 ? (
        <p className="muted">{t(empty)}</p>
      ) : (
        <ScrollTable label={t(title)} className="system-table" columns={columns}>
          {folders.map((folder) => {
            const hasTask = tasks.some(
              (task) =>
                task.cache_uid === folder.model_version &&
                task.state !== 'completed' &&
                task.state !== 'cancelled',
            )
            const kept = keptBecause(folder, hasTask, t)
            return (
              <tr key={folder.model_version}>
                <th scope="row">
                  {folder.model_name}
                  <span className="cache-note">{folder.model_version}</span>
                </th>
                <td>{formatBytes(folder.bytes)}</td>
                <td>
                  {folder.complete
                    ? folder.used_by.join(', ') || '—'
                    : folder.downloading
                      ? t('system.cache.downloading')
                      : hasTask
                        ? t('system.cache.taskKept')
                        : t('system.cache.stopped')}
                </td>
                <td>
                  <Button
                    color="error"
                    variant="outlined"
                    disabled={kept !== null}
                    title={kept ?? undefined}
                    aria-label={t('system.cache.remove', { version: folder.model_version })}
                    onClick={() => onRemove(folder.model_version)}
                  >
                    {t('system.cache.removeShort')}
                  </Button>
                </td>
              </tr>
            )
          })}
        </ScrollTable>
      )}
    </section>
  )
}

/** In front of a cluster: its cache listing as it gives it, and what only the platform shows. */
function ClusterCache({ onRemove }: { onRemove: (version: string) => void }) {
  const t = useT()
  const list = useCachedVersions()
  return (
    <>
      <Notice severity="info" title={t('system.cache.clusterTitle')}>
        {t('system.cache.clusterText')}
      </Notice>
      <section className="surface system-section" aria-labelledby="cache-cluster-title">
        <h2 id="cache-cluster-title">{t('system.cache.models')}</h2>
        <SystemQuery query={list} loadError={t('system.cache.loadError')} empty={t('system.cache.noModels')}>
          {(entries) => (
            <ScrollTable label={t('system.cache.models')} className="system-table" columns={CLUSTER_COLUMNS}>
              {entries.map((entry) => (
                <tr key={`${entry.actor_ip_address}/${entry.model_version}`}>
                  <th scope="row">
                    {entry.model_name}
                    <span className="cache-note">{entry.model_version}</span>
                  </th>
                  <td className="cache-path">{entry.real_path}</td>
                  <td>{entry.actor_ip_address}</td>
                  <td>
                    <Button
                      color="error"
                      variant="outlined"
                      aria-label={t('system.cache.remove', { version: entry.model_version })}
                      onClick={() => onRemove(entry.model_version)}
                    >
                      {t('system.cache.removeShort')}
                    </Button>
                  </td>
                </tr>
              ))}
            </ScrollTable>
          )}
        </SystemQuery>
      </section>
    </>
  )
}
