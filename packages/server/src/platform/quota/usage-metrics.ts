import { Counter, type Registry } from 'prom-client'

/**
 * The most label sets (user × key × model) each usage series keeps: the users and keys are the store's, made by its
 * administrators, but a long-lived server could meet many pairs with many models. Beyond the bound, a new pair is
 * counted under `user="_other", key="_other"` for its model (docs/metrics.md).
 */
export const USAGE_LABEL_SETS = 1000
const OTHER = '_other'

/** Usage by user, key and model as Prometheus counters (`serving_console:usage_*`), bounded in cardinality. */
export class UsageMetrics {
  private readonly requests: Counter<'user' | 'key' | 'model'>
  private readonly refused: Counter<'user' | 'key' | 'model'>
  private readonly tokens: Counter<'user' | 'key' | 'model' | 'kind'>
  private readonly seen = new Set<string>()

  constructor(registry: Registry) {
    const labelNames = ['user', 'key', 'model'] as const
    this.requests = new Counter({
      name: 'serving_console:usage_requests_total',
      help: 'Inference requests a model took, by user, API key (its prefix) and model',
      labelNames,
      registers: [registry],
    })
    this.refused = new Counter({
      name: 'serving_console:usage_refused_total',
      help: 'Inference requests refused for a limit (429), by user, API key and model',
      labelNames,
      registers: [registry],
    })
    this.tokens = new Counter({
      name: 'serving_console:usage_tokens_total',
      help: 'Tokens used, by user, API key, model and kind (prompt, generated)',
      labelNames: [...labelNames, 'kind'],
      registers: [registry],
    })
  }

  record(
    who: { user: string; key: string; model: string },
    figures: { refused: boolean; prompt: number; generated: number },
  ) {
    const labels = this.bounded(who)
    if (figures.refused) {
      this.refused.inc(labels)
      return
    }
    this.requests.inc(labels)
    if (figures.prompt > 0) this.tokens.inc({ ...labels, kind: 'prompt' }, figures.prompt)
    if (figures.generated > 0) this.tokens.inc({ ...labels, kind: 'generated' }, figures.generated)
  }

  private bounded(who: { user: string; key: string; model: string }) {
    const id = `${who.user}\u0000${who.key}\u0000${who.model}`
    if (this.seen.has(id)) return who
    if (this.seen.size < USAGE_LABEL_SETS) {
      this.seen.add(id)
      return who
    }
    return { user: OTHER, key: OTHER, model: who.model }
  }
}
