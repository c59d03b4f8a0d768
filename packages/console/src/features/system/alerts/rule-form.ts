import {
  ALERT_MAX_FOR_SECONDS,
  type AlertKind,
  type AlertRuleInput,
  type Severity,
} from '@serving-console/contract'
import { isModelKind } from './alert-text'

/** A rule as its form holds it: numbers as typed, the model empty for every model. */
export interface RuleDraft {
  name: string
  kind: AlertKind
  model: string
  threshold: string
  forSeconds: string
  severity: Severity
  enabled: boolean
}

/** A new rule's threshold and duration for each kind: the shipped rules' (docs/alerts.md). */
export const KIND_DEFAULTS: Record<AlertKind, { threshold: string; forSeconds: string }> = {
  replicas_down: { threshold: '1', forSeconds: '120' },
  first_token_ms: { threshold: '10000', forSeconds: '180' },
  error_rate: { threshold: '5', forSeconds: '180' },
  latency_p95_ms: { threshold: '60000', forSeconds: '180' },
  refusals: { threshold: '10', forSeconds: '180' },
  launch_failed: { threshold: '1', forSeconds: '0' },
  host_memory: { threshold: '90', forSeconds: '300' },
  gpu_memory: { threshold: '90', forSeconds: '300' },
  quota_soft_limit: { threshold: '100', forSeconds: '0' },
  cache_disk_free: { threshold: '10', forSeconds: '300' },
  cluster_down: { threshold: '1', forSeconds: '120' },
}

export const NEW_RULE: RuleDraft = {
  name: '',
  kind: 'replicas_down',
  model: '',
  threshold: '1',
  forSeconds: '120',
  severity: 'warning',
  enabled: true,
}

export const draftOfRule = (rule: AlertRuleInput): RuleDraft => ({
  name: rule.name,
  kind: rule.kind,
  model: rule.model ?? '',
  threshold: String(rule.threshold),
  forSeconds: String(rule.for_seconds),
  severity: rule.severity,
  enabled: rule.enabled,
})

export type RuleProblem = 'name' | 'threshold' | 'forSeconds'

/** The rule the server is sent, or the first field that is wrong (the server checks the same: contract). */
export function ruleOf(draft: RuleDraft): { rule: AlertRuleInput } | { problem: RuleProblem } {
  const name = draft.name.trim()
  if (!name || name.length > 100) return { problem: 'name' }
  const threshold = Number(draft.threshold)
  if (draft.threshold.trim() === '' || !Number.isFinite(threshold) || threshold < 0 || threshold > 1e9)
    return { problem: 'threshold' }
  const forSeconds = Number(draft.forSeconds)
  if (!Number.isInteger(forSeconds) || forSeconds < 0 || forSeconds > ALERT_MAX_FOR_SECONDS)
    return { problem: 'forSeconds' }
  const model = draft.model.trim()
  return {
    rule: {
      name,
      kind: draft.kind,
      model: isModelKind(draft.kind) && model ? model : null,
      threshold,
      for_seconds: forSeconds,
      severity: draft.severity,
      enabled: draft.enabled,
    },
  }
}
