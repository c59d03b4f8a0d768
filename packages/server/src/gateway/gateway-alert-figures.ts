import { readCluster, UNTOLD, type ClusterFigures, type ClusterTold } from '../clusters/cluster-figures.js'
import type { Reach } from '../clusters/clusters.js'

/**
 * A gateway's one cluster as its alert rules read it (docs/alerts.md): before each evaluation, its running list,
 * its models' health where it tells it (Xinference 3's metrics) and its launches, read with the gateway's own
 * credential (`--endpoint-api-key`; none where the cluster signs nobody in) within the cluster timeout, as a
 * platform reads the clusters it holds. A read the cluster does not answer (or answers with a server error) says it
 * is away (`cluster_down`); what it could not tell stays as last told, so no alert resolves for want of a figure.
 * Its own profile of the cluster (`profiles`): what the gateway's key finds out is not told to the gateway's callers.
 * Another platform upstream keeps its own alerts (the gateway passes them through): nothing is read of it.
 */
export class GatewayAlertFigures {
  private told: ClusterTold = UNTOLD
  private answering = true
  private platformUpstream = false
  private reading: Promise<void> | null = null

  constructor(
    private readonly cluster: Pick<Reach, 'upstream' | 'profiles' | 'session'>,
    private readonly answerMs: number,
  ) {}

  current(): ClusterFigures[] {
    return this.platformUpstream ? [] : [{ name: null, answering: this.answering, ...this.told }]
  }

  /** One read at a time. */
  refresh(): Promise<void> {
    return (this.reading ??= this.read().finally(() => (this.reading = null)))
  }

  private async read(): Promise<void> {
    if (this.platformUpstream) return
    try {
      this.told = await readCluster(this.cluster, this.told, this.answerMs)
      this.answering = true
      this.platformUpstream = (await this.cluster.profiles.detect()).kind === 'serving-console'
    } catch {
      this.answering = false
      // It may come back as another version (an upgrade), as the gateway's own profile is found out again.
      this.cluster.profiles.forget()
    }
  }
}
