import { useT } from '../../../i18n/react'
import { listedName } from '../../../lib/clusters'
import { ModelActions, UseButton } from './model-actions'
import type { RunningModelsViewProps } from './running-models-table'
import { StatusCell } from './status-cell'
import './running-model-cards.css'

/**
 * Running models on a phone: a card each, with its ID, name, health and load and its actions, all in the width of
 * the screen — a grid of SPEC's columns there is three screens wide with the actions at its far end.
 */
export function RunningModelCards({
  type,
  rows,
  loading,
  busy,
  rights,
  readAt,
  onUse,
  onHealth,
  withCluster: _withCluster,
  ...actions
}: RunningModelsViewProps) {
  const t = useT()
  if (loading) return <p className="running-cards-note">{t('running.table.loading')}</p>
  if (rows.length === 0) return <p className="running-cards-note">{t('running.empty')}</p>
  const withUi = type === 'LLM' || type === 'image'
  return (
    <ul className="running-cards" aria-label={t('running.cards.label')}>
      {rows.map((row) => (
        <li key={listedName(row)} className="running-card" aria-label={listedName(row)}>
          <div className="running-card-head">
            <h2 className="running-card-id">{listedName(row)}</h2>
            <UseButton row={row} onUse={onUse} />
          </div>
          <p className="running-card-name">
            {row.model_name}
            {row.address ? ` · ${row.address}` : ''}
          </p>
          {(row.health ?? row.load ?? row.usage) && (
            <StatusCell row={row} readAt={readAt} onOpen={() => onHealth(row)} />
          )}
          <ModelActions row={row} withUi={withUi} busy={busy} rights={rights} {...actions} />
        </li>
      ))}
    </ul>
  )
}
