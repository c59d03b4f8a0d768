import { clusterModelName } from '@serving-console/contract'
import { clusterTarget } from '../gateway/benchmark-target.js'
import type { BenchmarkTarget } from '../platform/benchmark/benchmarks.js'
import type { Clusters } from './clusters.js'

/**
 * The platform's benchmarks over the clusters it holds too (docs/clusters.md): a model named `cluster/uid` is that
 * cluster's, described, and its machine its workers together, as a gateway does it (gateway/benchmark-target.ts),
 * asked with the credential kept for that cluster (the starter's is this server's). Its load goes through this
 * platform's routes as clients reach it, `cluster/uid`; every other model is the platform's own.
 */
export function withClusterModels(here: BenchmarkTarget, clusters: Clusters): BenchmarkTarget {
  const there = async (uid: string) => {
    const named = clusterModelName(uid)
    const cluster = named && clusters.up().find((one) => one.name === named.cluster)
    if (!cluster) return undefined
    const authorization = await cluster.session.authorization()
    const headers: Record<string, string> = authorization ? { authorization } : {}
    return { target: clusterTarget(cluster.upstream, cluster.profiles), uid: named.uid, headers }
  }
  return {
    model: async (uid, headers) => {
      const cluster = await there(uid)
      return cluster ? cluster.target.model(cluster.uid, cluster.headers) : here.model(uid, headers)
    },
    machine: async (uid, headers) => {
      const cluster = await there(uid)
      return cluster ? cluster.target.machine(cluster.uid, cluster.headers) : here.machine(uid, headers)
    },
  }
}
