import type { HealthState, RunningModel } from '@serving-console/contract'
import type { MessageId } from '../../../i18n/catalogue'
import { useT } from '../../../i18n/react'
import { unhealthy } from '../api/health'
import { LoadDetails } from './load-details'
import './status-cell.css'

// Said at render time, so the cell follows a change of language.
const STATE_LABEL = {
  ready: 'running.health.ready',
  busy: 'running.health.busy',
  degraded: 'running.health.degraded',
  failed: 'running.health.failed',
} as const satisfies Record<HealthState, MessageId>

/**
 * A model's health, load and usage, where the server reports them, on one line: "● Ready · 2 / 4 +3 · 12 req"
 * (served / places, waiting; requests since launch), or "● Ready · unloads in 9 min" while it waits idle for its
 * `idle_ttl`. A model with replicas down says so as a button that opens what happened and the restart.
 * The load says what each number means on hover, tap and keyboard alike (load-details.tsx).
 */
export function StatusCell({
  row,
  readAt,
  onOpen,
}: {
  row: RunningModel
  /** When the row was read (ms): "unloads in" counts from there. */
  readAt: number
  onOpen: () => void
}) {
  const t = useT()
  const { health, load, usage } = row
  const label = health
    ? t(STATE_LABEL[health.state], { ready: health.ready_replicas, replicas: health.replicas })
    : null
  // An idle model with an idle_ttl says when it goes, in whole minutes (read again with the list, every 5 s).
  const unloadsInMinutes =
    typeof row.unloads_at === 'number'
      ? Math.max(1, Math.round((row.unloads_at * 1000 - readAt) / 60_000))
      : null
  const loadSaid = load
    ? t('running.load.detail', { ...load, parallel: row.n_parallel ?? load.capacity })
    : ''
  const unloadsSaid =
    unloadsInMinutes === null ? '' : t('running.health.unloadsIn', { minutes: unloadsInMinutes })
  const usageSaid = usage
    ? t('running.usage.cellDetail', {
        requests: usage.requests,
        errors: usage.errors,
        generated: usage.generated_tokens,
        rate: Math.round(usage.tokens_per_second * 10) / 10,
      })
    : ''
  // Idle until it unloads: when it goes says more than its requests (they are in its details and dialog).
  const short =
    unloadsInMinutes !== null
      ? unloadsSaid
      : [load && t('running.load.cell', load), usage && t('running.usage.cell', { requests: usage.requests })]
          .filter(Boolean)
          .join(' · ')
  const detail = [unloadsSaid, loadSaid, usageSaid].filter(Boolean).join('; ')
  return (
    <span className="running-status">
      {health &&
        (unhealthy(health) ? (
          <button
            type="button"
            className="running-status-state running-status-open"
            data-state={health.state}
            aria-label={t('running.health.open', { uid: row.id, state: label })}
            onClick={onOpen}
          >
            {label}
          </button>
        ) : (
          <span className="running-status-state" data-state={health.state}>
            {label}
          </span>
        ))}
      {short && (
        <>
          {health && <span aria-hidden="true"> · </span>}
          <LoadDetails short={short} detail={detail} />
        </>
      )}
    </span>
  )
}
