import { AdminUserList, apiPaths } from '@serving-console/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { systemKeys } from './keys'

/** `GET /api/v1/admin/users` (`users:manage`): every user of the server's store. */
export const getUsers = (signal?: AbortSignal) => api.get(apiPaths.users, { schema: AdminUserList, signal })

export const usersQuery = queryOptions({
  queryKey: systemKeys.users,
  queryFn: ({ signal }) => getUsers(signal),
  // The page says a failure where the list would be.
  meta: { silent: true },
})

export const useUsers = () => useQuery(usersQuery)
