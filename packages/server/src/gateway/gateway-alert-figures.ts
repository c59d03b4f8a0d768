import { readCluster, UNTOLD, type ClusterFigures, type ClusterTold } from '../clusters/cluster-figures.js'
import type { Reach } from '../clusters/clusters.js'

/**
 * A gateway's one cluster as its alert rules read it (docs/alerts.md): before each evaluation, its running list,
 * its models' health where it tells it (Xinference 3's metrics) and its launches, read with the gateway's own
 * credential (`--endpoint-api-key`; none where the cluster signs nobody in) within the cluster timeout, as a
 * platform reads the clusters it holds. A read the cluster does not answer says it is away (`cluster_down`); what
 * it could not tell stays as last told, so no alert resolves for want of a figure.
 */
export class GatewayAlertFigures {
  private told: ClusterTold = UNTOLD
  private answering = true
  private reading: Promise<void> | null = null

  constructor(
    private readonly cluster: Pick<Reach, 'upstream' | 'profiles' | 'session'>,
    private readonly answerMs: number,
  ) {}

  current(): ClusterFigures[] {
    return [{ name: null, answering: this.answering, ...this.told }]
  }

  /** One read at a time. */
  refresh(): Promise<void> {
    return (this.reading ??= readCluster(this.cluster, this.told, this.answerMs)
      .then(
        (told) => {
          this.told = told
          this.answering = true
        },
        () => {
          this.answering = false
        },
      )
      .finally(() => (this.reading = null)))
  }
}
