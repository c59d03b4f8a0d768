import {
  clusterModelName,
  MODEL_ALERT_KINDS,
  REQUEST_ALERT_KINDS,
  SHIPPED_ALERT_RULE_NAMES,
  type AlertKind,
  type Severity,
  type ShippedAlertRuleName,
} from '@serving-console/contract'
import { currentIntl, t } from '../../../i18n/i18n'
import type { MessageId } from '../../../i18n/catalogue'

export const KIND_LABELS: Record<AlertKind, MessageId> = {
  replicas_down: 'system.alerts.kind.replicasDown',
  first_token_ms: 'system.alerts.kind.firstToken',
  error_rate: 'system.alerts.kind.errorRate',
  latency_p95_ms: 'system.alerts.kind.latencyP95',
  refusals: 'system.alerts.kind.refusals',
  launch_failed: 'system.alerts.kind.launchFailed',
  host_memory: 'system.alerts.kind.hostMemory',
  gpu_memory: 'system.alerts.kind.gpuMemory',
  cache_disk_free: 'system.alerts.kind.cacheDisk',
  quota_soft_limit: 'system.alerts.kind.quotaSoft',
  cluster_down: 'system.alerts.kind.clusterDown',
}

const SHIPPED_NAMES: Record<ShippedAlertRuleName, MessageId> = {
  'A replica is down': 'system.alerts.shipped.replicaDown',
  'First token over 10 s': 'system.alerts.shipped.firstToken',
  'Errors over 5 %': 'system.alerts.shipped.errors',
  'A launch failed': 'system.alerts.shipped.launchFailed',
  'Host memory over 90 %': 'system.alerts.shipped.hostMemory',
  'Cache disk under 10 % free': 'system.alerts.shipped.cacheDisk',
  'Request p95 over 60 s': 'system.alerts.shipped.latency',
  'Requests refused': 'system.alerts.shipped.refusals',
  'GPU memory over 90 %': 'system.alerts.shipped.gpuMemory',
  'Soft limit reached': 'system.alerts.shipped.softLimit',
  'A cluster is not answering': 'system.alerts.shipped.clusterDown',
}
const isShipped = (name: string): name is ShippedAlertRuleName =>
  (SHIPPED_ALERT_RULE_NAMES as readonly string[]).includes(name)

/** A rule's name as shown: a shipped rule's in the reader's language until renamed, any other as given. */
export const ruleNameText = (name: string): string => (isShipped(name) ? t(SHIPPED_NAMES[name]) : name)

export const SEVERITY_LABELS: Record<Severity, MessageId> = {
  info: 'system.alerts.severity.info',
  warning: 'system.alerts.severity.warning',
  critical: 'system.alerts.severity.critical',
}

export const isModelKind = (kind: AlertKind) => MODEL_ALERT_KINDS.includes(kind)

/** A duration as the reader's language says it: "3 min", "45 s", "1 hr" (whole minutes and hours shown as such). */
export function durationText(seconds: number): string {
  const intl = currentIntl()
  const [value, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, 'hour']
      : seconds % 60 === 0
        ? [seconds / 60, 'minute']
        : [seconds, 'second']
  return intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'short' })
}

/** When a rule fires, in words: "first token above 10,000 ms for 3 min". */
export function conditionText(rule: { kind: AlertKind; threshold: number; for_seconds: number }): string {
  const condition = t('system.alerts.condition', {
    kind: rule.kind,
    threshold: currentIntl().formatNumber(rule.threshold),
  })
  return rule.for_seconds === 0
    ? condition
    : t('system.alerts.conditionFor', { condition, duration: durationText(rule.for_seconds) })
}

/**
 * Where an alert is: a quota's subject (`user:alice`), a cluster (`cluster:gpu`, or a gateway's own `cluster`), a
 * model, or the server, in the reader's language.
 */
export function whereText(alert: { model: string | null; subject: string | null }): string {
  if (alert.subject === 'cluster') return t('system.alerts.theCluster')
  if (alert.subject !== null) {
    const at = alert.subject.indexOf(':')
    return t('system.alerts.oneSubject', {
      type: alert.subject.slice(0, at),
      name: alert.subject.slice(at + 1),
    })
  }
  return alert.model === null
    ? t('system.alerts.theServer')
    : t('system.alerts.oneModel', { model: alert.model })
}

/** What an alert saw when it fired, in the reader's language: "Model chat: 2 replicas down". */
export function readingText(alert: {
  kind: AlertKind
  model: string | null
  subject: string | null
  value: number
}): string {
  return t('system.alerts.reading', {
    where: whereText(alert),
    kind: alert.kind,
    count: alert.value,
    value: currentIntl().formatNumber(alert.value, { maximumFractionDigits: 1 }),
  })
}

/**
 * Why the server evaluates a rule not, in the reader's language (the server's own `unavailable_reason` is English):
 * on a gateway, its cluster gives it no such figure, or refused its reads; on a platform, the figure is missing here,
 * or a cluster it holds tells no health (docs/alerts.md).
 */
export function unavailableText(
  rule: { kind: AlertKind; model: string | null },
  server: { gateway: boolean; tellsHealth: boolean },
): string {
  if (server.gateway) {
    if (rule.kind === 'replicas_down' && !server.tellsHealth) return t('system.alerts.unavailableNoHealth')
    if (REQUEST_ALERT_KINDS.includes(rule.kind))
      return t('system.alerts.unavailableOnGateway', { reason: 'requests' })
    return t('system.alerts.unavailableOnGateway', {
      reason: isModelKind(rule.kind) || rule.kind === 'cluster_down' ? 'key' : 'other',
    })
  }
  return rule.model !== null && clusterModelName(rule.model)
    ? t('system.alerts.unavailableNoHealth')
    : t('system.alerts.unavailable', { kind: rule.kind })
}
