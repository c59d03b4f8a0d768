export const clusterKeys = {
  info: ['cluster', 'info'] as const,
  version: ['cluster', 'version'] as const,
  history: ['cluster', 'history'] as const,
}
