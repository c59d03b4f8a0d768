import type { ModelHealth } from '@serving-console/contract'

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

const LINE = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/
const LABEL = /([A-Za-z_]\w*)="((?:[^"\\]|\\.)*)"/g

/** The samples of a Prometheus text exposition (comments skipped, labels unescaped). */
export function parseSamples(text: string, names: ReadonlySet<string>): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    const match = LINE.exec(line)
    if (!match?.[1] || !names.has(match[1])) continue
    const labels: Record<string, string> = {}
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) {
      if (key)
        labels[key] = (value ?? '').replace(/\\(.)/g, (_all, char: string) => (char === 'n' ? '\n' : char))
    }
    samples.push({ name: match[1], labels, value: Number(match[3]) })
  }
  return samples
}

const STATUS = 'xinference:model_status'
const INFO = 'xinference:model_info'
const DOWN = 'xinference:model_unexpected_termination'

/**
 * Each model's health as an Xinference v3 supervisor's `/metrics` tells it: `model_status` per model
 * (READY, ERROR, …), `model_info`'s `replica_total`, and `model_unexpected_termination` for each replica a
 * worker's failure took down. docs/gateway.md. A model the metrics do not name gets none (the console then
 * says nothing rather than guess).
 */
export function clusterHealth(metrics: string): Map<string, ModelHealth> {
  const byUid = new Map<string, { statuses: Set<string>; replicas: number; down: Set<string> }>()
  const entry = (uid: string) => {
    let found = byUid.get(uid)
    if (!found) {
      found = { statuses: new Set(), replicas: 0, down: new Set() }
      byUid.set(uid, found)
    }
    return found
  }
  for (const sample of parseSamples(metrics, new Set([STATUS, INFO, DOWN]))) {
    const uid = sample.labels.model_uid
    if (!uid || sample.value !== 1) continue
    const model = entry(uid)
    if (sample.name === STATUS && sample.labels.status) model.statuses.add(sample.labels.status)
    if (sample.name === INFO)
      model.replicas = Math.max(model.replicas, Number(sample.labels.replica_total) || 0)
    if (sample.name === DOWN) model.down.add(sample.labels.replica_index ?? String(model.down.size))
  }
  const health = new Map<string, ModelHealth>()
  for (const [uid, model] of byUid) {
    const replicas = Math.max(model.replicas, model.down.size, 1)
    const ready = model.statuses.has('READY')
    if (!ready && !model.statuses.has('ERROR') && model.down.size === 0) continue
    const down = model.down.size || (model.statuses.has('ERROR') ? (ready ? 1 : replicas) : 0)
    const readyReplicas = Math.max(0, replicas - down)
    health.set(uid, {
      state: readyReplicas === 0 ? 'failed' : down > 0 ? 'degraded' : 'ready',
      ready_replicas: readyReplicas,
      replicas,
      reason:
        model.down.size > 0
          ? `${String(model.down.size)} replica(s) down after a worker failure (the cluster's model_unexpected_termination)`
          : down > 0
            ? 'The cluster reports status ERROR for this model'
            : null,
    })
  }
  return health
}
