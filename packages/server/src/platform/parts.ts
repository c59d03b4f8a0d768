import { DEFAULT_CONTEXT, DEFAULT_MAX_DOWNLOADS } from '@serving-console/contract'
import type { Config } from '../config.js'
import { TIMEOUTS } from '../http/timeouts.js'
import { ModelCache } from './cache/model-cache.js'
import { Catalogue } from './catalogue/catalogue.js'
import { loadBuiltinCatalogue } from './catalogue/families.js'
import type { ResourceSampler } from './cluster/resource-sampler.js'
import { CustomModelsRepository } from './db/custom-models.js'
import type { Db } from './db/database.js'
import { LaunchHistoryRepository } from './db/launch-history.js'
import { DownloadTasks } from './download/download-tasks.js'
import { planDownload } from './download/download-plan.js'
import { ModelDirs } from './files/model-dirs.js'
import { GgufHeaders } from './fit/gguf-kv.js'
import { HubFiles } from './fit/hub-files.js'
import { ModelFitter } from './fit/model-fit.js'
import { ModelMetrics } from './metrics/model-metrics.js'
import { FileFetcher } from './runtime/file-fetcher.js'
import { Benchmarks } from './benchmark/benchmarks.js'
import { platformTarget } from './benchmark/platform-target.js'
import { withClusterModels } from '../clusters/benchmark-target.js'
import { Clusters } from '../clusters/clusters.js'
import { ModelManager } from './runtime/model-manager.js'

/** The platform's parts, made once per server: what the platform's routes serve from. */
export interface PlatformParts {
  catalogue: Catalogue
  customModels: CustomModelsRepository
  cache: ModelCache
  modelDirs: ModelDirs
  models: ModelManager
  metrics: ModelMetrics
  fitter: ModelFitter
  history: LaunchHistoryRepository
  downloads: DownloadTasks
  /** One download per model version, for launches and tasks alike. */
  files: FileFetcher
  benchmarks: Benchmarks
  /** The clusters held besides this platform (docs/clusters.md), each asked once the server is up. */
  clusters: Clusters
}

/** Makes the platform's parts on the database and data dir; `address` is asked only once the server listens. */
export function platformParts(
  config: Config,
  db: Db,
  machine: { sampler: ResourceSampler; address: () => string },
): PlatformParts {
  const { sampler, address } = machine
  const customModels = new CustomModelsRepository(db)
  const modelDirs = new ModelDirs(config.modelDirs)
  modelDirs.ensureFirst()
  const cache = new ModelCache(config.dataDir, config.cacheReserveBytes)
  const endpoints = { huggingface: config.hfEndpoint, modelscope: config.modelscopeEndpoint }
  const catalogue = new Catalogue(loadBuiltinCatalogue(), customModels, cache)
  // The gauges read the models' load when scraped.
  const metrics = new ModelMetrics(() => models.loads())
  const files = new FileFetcher({ cache, modelDirs, endpoints })
  const models: ModelManager = new ModelManager({
    catalogue,
    files,
    maxWorkers: config.maxWorkers,
    threads: config.threads,
    contextSize: DEFAULT_CONTEXT,
    machine: () => ({ address: address(), gpuCount: sampler.current().gpu.count }),
    metrics,
  })
  const fitter = new ModelFitter({
    catalogue,
    cache,
    modelDirs,
    hubFiles: new HubFiles(endpoints),
    headers: new GgufHeaders(),
    machine: () => sampler.current(),
    contextLimit: DEFAULT_CONTEXT,
  })
  const history = new LaunchHistoryRepository(db)
  const downloads = new DownloadTasks(
    db,
    files,
    cache,
    (request) =>
      planDownload(request, catalogue, { address: address(), gpuCount: sampler.current().gpu.count }),
    config.maxDownloads ?? DEFAULT_MAX_DOWNLOADS,
    config.timeouts?.downloadRetryMs ?? TIMEOUTS.downloadRetryMs,
  )
  const clusters = new Clusters(db, config.clusters ?? [], config.timeouts)
  const benchmarks = new Benchmarks(db, withClusterModels(platformTarget(models, sampler), clusters))
  return {
    catalogue,
    customModels,
    cache,
    modelDirs,
    models,
    metrics,
    fitter,
    history,
    downloads,
    files,
    benchmarks,
    clusters,
  }
}
