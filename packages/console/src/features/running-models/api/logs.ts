import { api } from '@serving-console/contract'
import { apiQuery } from '../../../lib/api-query'
import { pollDelay } from '../../../lib/polling'

/** `GET /v1/models/{uid}/logs?tail=N`, followed every 2 s when asked. */
export const logsQuery = (uid: string, tail: number, follow: boolean) =>
  apiQuery(
    api.getModelLogs,
    { model_uid: uid },
    { tail },
    {
      refetchInterval: (query) => (follow ? pollDelay(2000, query.state.error) : false),
      select: (answer) => answer.lines,
    },
  )
