/** The System pages' query keys, one factory: a change invalidates the list it changed. */
export const systemKeys = {
  all: ['system'] as const,
  users: ['system', 'users'] as const,
  apiKeys: ['system', 'api-keys'] as const,
  rateLimit: ['system', 'security', 'rate-limit'] as const,
  bannedIps: ['system', 'security', 'banned-ips'] as const,
  bannedKeys: ['system', 'security', 'banned-keys'] as const,
  audit: ['system', 'audit'] as const,
  auditSearch: (query: string) => ['system', 'audit', 'search', query] as const,
  auditFilterOptions: ['system', 'audit', 'filter-options'] as const,
}
