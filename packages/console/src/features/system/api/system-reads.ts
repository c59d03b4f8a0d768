import { api } from '@serving-console/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiQuery } from '../../../lib/api-query'

/*
 * What the System pages read. Each list's failure is said on its page, where the list would be (no toast).
 */

/** Bans end by themselves: the lists are read again this often while the page is open. */
export const BANS_REFRESH_MS = 15_000

const quiet = { meta: { silent: true } } as const

/** `GET /api/v1/admin/users` (`users:manage`): every user of the server's store. */
export const useUsers = () => useQuery(apiQuery(api.listUsers, undefined, undefined, quiet))

/**
 * `GET /api/v1/admin/keys`: everyone's keys for `keys:manage`, the caller's own for `keys:create`; not asked while
 * `enabled` is false (a server without a user store has no keys to list).
 */
export const useApiKeys = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...apiQuery(api.listKeys, undefined, undefined, quiet), enabled })

/** `GET /api/v1/admin/security/rate-limit` (admin): the failure limits per address, and per address and key. */
export const useRateLimit = () => useQuery(apiQuery(api.getRateLimit, undefined, undefined, quiet))

/** `GET /api/v1/admin/security/banned-ips` (admin): the addresses banned now, and for how long still. */
export const useBannedIps = () =>
  useQuery(apiQuery(api.listBannedIps, undefined, undefined, { ...quiet, refetchInterval: BANS_REFRESH_MS }))

/** `GET /api/v1/admin/security/banned-keys` (admin): API keys banned from one address each. */
export const useBannedKeys = () =>
  useQuery(apiQuery(api.listBannedKeys, undefined, undefined, { ...quiet, refetchInterval: BANS_REFRESH_MS }))

/** `GET /api/v1/audit/search?{query}` (admin): one page of the recorded requests, newest first, and the total. */
export const useAuditSearch = (query: string) =>
  // The page shown stays while the next one loads.
  useQuery(apiQuery(api.searchAudit, undefined, query, { ...quiet, placeholderData: keepPreviousData }))

/** `GET /api/v1/audit/filter-options` (admin): the values recorded, as suggestions for the filters. */
export const useAuditFilterOptions = () =>
  // Suggestions only: without them the filters still work.
  useQuery(apiQuery(api.getAuditFilterOptions, undefined, undefined, { ...quiet, staleTime: 60_000 }))
