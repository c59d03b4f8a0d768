import { useT } from '../i18n/react'
import { useClusters } from '../lib/clusters'
import { Select } from './select'
import './cluster-select.css'

/** The empty value: this server's own platform. */
const HERE = ''

/**
 * Where a screen works (docs/clusters.md): this server, or one of the clusters it holds, a cluster found down or
 * refusing said so beside its name. Nothing to choose, nothing shown.
 */
export function ClusterSelect({
  value,
  onChange,
  disabled = false,
}: {
  value: string | undefined
  onChange: (cluster: string | undefined) => void
  /** Shown, not changed (a model being edited stays on its cluster). */
  disabled?: boolean
}) {
  const t = useT()
  const clusters = useClusters()
  if (clusters.length === 0) return null
  const options = [
    { value: HERE, label: t('common.cluster.here') },
    ...clusters.map(({ name, status }) => ({
      value: name,
      label: status.state === 'up' ? name : t('common.cluster.unavailable', { name }),
      hint: status.detail,
    })),
  ]
  return (
    <Select
      className="cluster-select"
      label={t('common.cluster.label')}
      value={value ?? HERE}
      disabled={disabled}
      options={options}
      onChange={(next) => onChange(next === HERE ? undefined : next)}
    />
  )
}
