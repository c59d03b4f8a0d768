export const launchKeys = {
  /** Every catalogue query, for invalidation after a launch or a cache change. */
  catalogue: ['registrations'] as const,
  builtin: (type: string) => ['registrations', type, 'detailed'] as const,
  custom: (type: string) => ['registrations', type, 'custom'] as const,
  engines: (modelName: string) => ['engines', modelName] as const,
  devices: ['cluster', 'devices'] as const,
  cache: (modelName: string) => ['cache', modelName] as const,
}
