import type { DownloadProgress } from '@serving-console/contract'
import type { ModelCache } from '../cache/model-cache.js'
import { modelVersion } from '../catalogue/families.js'
import type { HubEndpoints } from '../download/hubs.js'
import type { ModelDirs } from '../files/model-dirs.js'
import { ensureModelFile, type ModelFileRequest } from './model-files.js'
import { SharedDownloads } from './shared-downloads.js'

/**
 * A model's file on this machine, for a launch or a download task (docs/downloads.md): one download per model
 * version however many wait for it (`SharedDownloads`), its progress told to every listener by version.
 */
export class FileFetcher {
  private readonly shared = new SharedDownloads()
  private readonly listeners = new Set<(version: string, progress: DownloadProgress) => void>()

  constructor(
    private readonly options: { cache: ModelCache; modelDirs: ModelDirs; endpoints: HubEndpoints },
  ) {}

  /** Tells `listener` each download's progress; answers how to stop. */
  onProgress(listener: (version: string, progress: DownloadProgress) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Whether a download of this model version is running (for a launch or a task). */
  downloading(version: string): boolean {
    return this.shared.running(version)
  }

  /** The request's file, joined with a download of the same version already running; `signal` leaves it. */
  fetch(request: ModelFileRequest, signal: AbortSignal): Promise<string> {
    const version = modelVersion(request.family.model_name, request.spec, request.quantization)
    return this.shared.join(
      version,
      (shared) =>
        ensureModelFile(request, {
          ...this.options,
          signal: shared,
          onProgress: (progress) => {
            for (const listener of this.listeners) listener(version, progress)
          },
        }),
      signal,
    )
  }
}
