import { apiPaths } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '../../../lib/api-client'
import { runningKeys } from './keys'

const LogAnswer = z.looseObject({ model_uid: z.string(), lines: z.array(z.string()) })

/** `GET /v1/models/{uid}/logs?tail=N`, followed every 2 s when asked. */
export const logsQuery = (uid: string, tail: number, follow: boolean) =>
  queryOptions({
    queryKey: runningKeys.logs(uid, tail),
    queryFn: ({ signal }) =>
      api.get(`${apiPaths.model(uid)}/logs?tail=${tail}`, { schema: LogAnswer, signal }),
    refetchInterval: follow ? 2000 : false,
    select: (answer) => answer.lines,
  })
