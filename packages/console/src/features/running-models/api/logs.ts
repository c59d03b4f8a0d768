import { apiPaths, ModelLogs } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { pollDelay } from '../../../lib/polling'
import { runningKeys } from './keys'

/** `GET /v1/models/{uid}/logs?tail=N`, followed every 2 s when asked. */
export const logsQuery = (uid: string, tail: number, follow: boolean) =>
  queryOptions({
    queryKey: runningKeys.logs(uid, tail),
    queryFn: ({ signal }) => api.get(apiPaths.logs(uid, tail), { schema: ModelLogs, signal }),
    refetchInterval: (query) => (follow ? pollDelay(2000, query.state.error) : false),
    select: (answer) => answer.lines,
  })
