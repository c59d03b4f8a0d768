import { modelsKey } from '../../../lib/launches'

export const runningKeys = {
  all: modelsKey,
  /** Every running list, whichever token it was read with. */
  lists: [...modelsKey, 'running'] as const,
  list: (cookie: string | undefined) => [...modelsKey, 'running', cookie ?? ''] as const,
  logs: (uid: string, tail: number) => [...modelsKey, 'logs', uid, tail] as const,
}
