import { Button } from '../../../components/button'
import { MultiSelect } from '../../../components/multi-select'
import { Notice } from '../../../components/notice'
import { useT } from '../../../i18n/react'
import { useClusters } from '../../../lib/clusters'
import type { Refusal, Target } from '../api/register-model'

interface AlsoRegisterOnProps {
  /** Where the form works (its Cluster field): registered there first. */
  cluster: Target
  value: readonly Target[]
  onChange: (targets: Target[]) => void
  /** Once registered where the form works: the others chosen that did not register it. */
  refusals: readonly Refusal[] | null
  retrying: boolean
  onRetry: (targets: Target[]) => void
  onDone: () => void
}

/**
 * Register Model's "Also register on" (docs/clusters.md): the other places a new model is registered at the same
 * time — every cluster the server holds and, where the form works on a cluster, this server. Nothing where the
 * server holds no cluster. Once registered where the form works, those that refused, each with its reason: tried
 * again, or left.
 */
export function AlsoRegisterOn({
  cluster,
  value,
  onChange,
  refusals,
  retrying,
  onRetry,
  onDone,
}: AlsoRegisterOnProps) {
  const t = useT()
  const clusters = useClusters()
  if (clusters.length === 0) return null
  // Listed by name; this server by the words for it, which no cluster's name can be (names have no spaces).
  const nameOf = (target: Target) => target ?? t('common.cluster.here')
  if (refusals) {
    return (
      <Notice
        severity="warning"
        role="alert"
        className="register-refusals"
        title={t('register.alsoOn.partial')}
      >
        <ul>
          {refusals.map(({ target, reason }) => (
            <li key={nameOf(target)}>{t('register.alsoOn.refused', { target: nameOf(target), reason })}</li>
          ))}
        </ul>
        <div className="register-actions">
          <Button
            variant="contained"
            loading={retrying}
            onClick={() => onRetry(refusals.map(({ target }) => target))}
          >
            {t('register.alsoOn.retry')}
          </Button>
          <Button disabled={retrying} onClick={onDone}>
            {t('register.alsoOn.done')}
          </Button>
        </div>
      </Notice>
    )
  }
  const targets = [undefined, ...clusters.map(({ name }) => name)].filter((target) => target !== cluster)
  return (
    <div className="register-also-on">
      <MultiSelect
        label={t('register.alsoOn.label')}
        options={targets.map(nameOf)}
        value={value.map(nameOf)}
        onChange={(names) => onChange(targets.filter((target) => names.includes(nameOf(target))))}
      />
    </div>
  )
}
