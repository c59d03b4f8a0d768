import { api } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { Select } from '../../../components/select'
import { useLocale, useT } from '../../../i18n/react'
import { apiQuery } from '../../../lib/api-query'
import { useCluster } from '../../../lib/cluster-scope'
import type { LaunchForm } from '../model/launch-form'
import { formFromPayload } from '../model/launch-form'

/**
 * `GET /api/v1/launch_history?model_name=…`: this model's earlier launches kept by the server (the platform
 * records each; Xinference v3 keeps what its web UI posts). A server without it (Xinference 1.x, 2.x) answers
 * 404: the drawer then offers none, and says nothing.
 */
const launchHistoryQuery = (modelName: string, cluster: string | undefined) =>
  apiQuery(
    api.listLaunchHistory,
    undefined,
    { model_name: modelName },
    { cluster, request: { reportAuthStatus: false }, retry: false, meta: { silent: true } },
  )

/** The server's record of the model's earlier launches, newest first: choosing one fills the form with it. */
export function LaunchHistorySelect({
  modelName,
  gpuCount,
  onFill,
}: {
  modelName: string
  gpuCount: number
  onFill: (form: LaunchForm) => void
}) {
  const t = useT()
  const locale = useLocale()
  const earlier = useQuery(launchHistoryQuery(modelName, useCluster())).data ?? []
  if (earlier.length === 0) return null
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <div className="launch-drawer-history">
      <Select
        label={t('launch.drawer.history')}
        value=""
        options={earlier.map((entry) => ({
          value: String(entry.id),
          label: t('launch.drawer.historyEntry', {
            uid: entry.model_uid,
            when: entry.updated_at ? dateTime.format(new Date(entry.updated_at)) : '',
          }),
        }))}
        onChange={(id) => {
          const entry = earlier.find((candidate) => String(candidate.id) === id)
          if (entry) onFill(formFromPayload(entry.data, gpuCount))
        }}
      />
    </div>
  )
}
