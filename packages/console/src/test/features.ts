/** `GET /api/v1/console/features` of a platform server that can do everything, less its administration. */
export const PLATFORM_FEATURES = {
  mode: 'platform',
  upstream: null,
  model_logs: true,
  model_health: true,
  model_restart: true,
  cluster_history: true,
  model_fit: true,
  file_info: true,
  quotas: true,
  alerts: true,
  downloads: true,
}
