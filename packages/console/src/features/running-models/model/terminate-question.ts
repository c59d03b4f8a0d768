import type { RunningModel } from '@serving-console/contract'
import type { useT } from '../../../i18n/react'

/**
 * What Terminate asks before it stops a model, as Stop all does: which model, what it serves, and the requests it
 * is answering now (cut off), where the server reports its load.
 */
export function terminateQuestion(row: RunningModel, t: ReturnType<typeof useT>): string {
  const model = { uid: row.id, name: row.model_name }
  return row.load
    ? t('running.terminate.confirmLoad', { ...model, requests: row.load.serving + row.load.queued })
    : t('running.terminate.confirm', model)
}
