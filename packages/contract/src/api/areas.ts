import * as alerts from './alerts.js'
import * as audit from './audit.js'
import * as benchmarks from './benchmarks.js'
import * as cache from './cache.js'
import * as cluster from './cluster.js'
import * as clusters from './clusters.js'
import * as fit from './fit.js'
import * as inference from './inference.js'
import * as keys from './keys.js'
import * as launchHistory from './launch-history.js'
import * as metrics from './metrics.js'
import * as modelUi from './model-ui.js'
import * as models from './models.js'
import * as registrations from './registrations.js'
import type { Route } from './route.js'
import * as quotas from './quotas.js'
import * as security from './security.js'
import * as session from './session.js'
import * as users from './users.js'

/** The table by area, in the order docs/routes.md lists them. */
export const apiAreas: Readonly<Record<string, Readonly<Record<string, Route>>>> = {
  Session: session,
  Cluster: cluster,
  Models: models,
  'Model UI': modelUi,
  Inference: inference,
  Registrations: registrations,
  'Launch history': launchHistory,
  Fit: fit,
  Cache: cache,
  Metrics: metrics,
  Users: users,
  'API keys': keys,
  Security: security,
  Audit: audit,
  'Limits and usage': quotas,
  Alerts: alerts,
  Benchmarks: benchmarks,
  Clusters: clusters,
}

/** The table's entries, as a list. */
export const apiRoutes: readonly Route[] = Object.values(apiAreas).flatMap((area) => Object.values(area))
