import { modelsKey } from '../../../lib/launches'
import { runningListsKey } from '../../../lib/running-models'

export const runningKeys = {
  all: modelsKey,
  /** Every running list, whichever token it was read with. */
  lists: runningListsKey,
  logs: (uid: string, tail: number) => [...modelsKey, 'logs', uid, tail] as const,
}
