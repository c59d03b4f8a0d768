import { ModelUsage, type Served } from '../platform/runtime/model-usage.js'

/** Cluster models whose requests are kept at most: the least recently asked goes first beyond it. */
export const MAX_CLUSTER_MODELS = 512

/**
 * The requests that reached a cluster's model through this platform's own address, minute by minute, as a
 * model of this platform keeps its own (runtime/model-usage.ts), for the alert rules on requests (first token,
 * errors, latency, refusals: docs/alerts.md). Kept by the model as clients name it here, `cluster/uid`; only the
 * requests that passed here are seen, never those sent to the cluster directly. In memory, bounded.
 */
export class ClusterRequests {
  private readonly byModel = new Map<string, ModelUsage>()

  /**
   * `listed`: whether a cluster lists the model (as last read): only its requests are kept, so names a client
   * makes up cannot push a real model's figures out.
   */
  constructor(private readonly listed: (model: string) => boolean) {}

  record(model: string, served: Served): void {
    if (this.listed(model)) this.usageOf(model).record(served)
  }

  /** A request to the model refused with a 429 (a limit here, or the cluster's own). */
  refuse(model: string, at: number): void {
    if (this.listed(model)) this.usageOf(model).refuse(at)
  }

  /** The model's last minute, as the rules read it; null where no request to it passed here. */
  recent(model: string, now: number): ReturnType<ModelUsage['recent']> | null {
    return this.byModel.get(model)?.recent(now) ?? null
  }

  private usageOf(model: string): ModelUsage {
    const usage = this.byModel.get(model) ?? new ModelUsage()
    // Most recently asked last, so the first is the one to drop.
    this.byModel.delete(model)
    this.byModel.set(model, usage)
    for (const oldest of this.byModel.keys()) {
      if (this.byModel.size <= MAX_CLUSTER_MODELS) break
      this.byModel.delete(oldest)
    }
    return usage
  }
}
