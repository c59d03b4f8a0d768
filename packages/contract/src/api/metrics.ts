import { route } from './route.js'

/** Prometheus's text format, at the path Xinference serves its own (docs/metrics.md). */
// Model names and usage: whoever may list models (a scraper signs in as such a user).
export const getMetrics = route({
  method: 'GET',
  path: '/metrics',
  summary: 'Prometheus metrics (text format)',
  access: 'models:list',
  audit: 'admin',
})
