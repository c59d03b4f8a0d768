import { clusterModelName, type Alert, type AlertKind } from '@serving-console/contract'
import type { AlertStore, StoredChannel, StoredRule } from './alert-store.js'
import { deliver } from './delivery.js'
import { sendEmail, type EmailMessage } from './email.js'
import { breaches, describe, readingsOf, unavailableReason, type FigureSources } from './figures.js'
import { messageBody, type Noticed } from './messages.js'

/** How often the rules are evaluated (and due messages sent). */
export const EVALUATE_EVERY_MS = 15_000
/** The longest an evaluation waits for the clusters' figures (each read is bounded by the cluster timeout). */
const REFRESH_WAIT_MS = 12_000
/** A firing alert nobody acknowledged is said again after this long. */
export const REPEAT_MS = 4 * 3_600_000
/** A message is tried this many times, waiting twice as long each time (5 s, 10 s, … at most 10 min). */
export const MAX_ATTEMPTS = 10
const backoff = (attempts: number) => Math.min(5_000 * 2 ** (attempts - 1), 600_000)

/** What an alert is about: its rule, and its model or quota subject (one alert each while it fires). */
const keyOf = (ruleId: number, about: { model: string | null; subject?: string | null }) =>
  JSON.stringify([ruleId, about.model, about.subject ?? null])

/**
 * The server's own alerting (docs/alerts.md): every EVALUATE_EVERY_MS each enabled rule reads its figure; a condition
 * that has held for the rule's duration fires an alert, one that clears resolves it. What fired or resolved in one
 * evaluation is one message per channel (a burst is one message), queued in SQLite and sent with retries.
 */
export class Alerting {
  /** Since when each (rule, model) has breached, while it does. */
  private readonly breaching = new Map<string, number>()
  private timer: NodeJS.Timeout | undefined
  private pumping: Promise<void> | null = null
  private ticking: Promise<void> | null = null
  private stopped = false

  constructor(
    private readonly store: AlertStore,
    private readonly sources: FigureSources,
    private readonly server: () => string,
    private readonly clock: () => number = Date.now,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.ticking ??= this.tick()
        .catch(() => undefined)
        .finally(() => (this.ticking = null))
    }, EVALUATE_EVERY_MS)
    this.timer.unref()
  }

  /** Stops the timer, and waits for an evaluation under way (before the database closes). */
  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.stopped = true
    await this.ticking
  }

  /** Why this server has no figure for a rule; null where it has one. */
  unavailableReason(rule: { kind: AlertKind; model: string | null }): string | null {
    return unavailableReason(rule, this.sources)
  }

  /**
   * What the timer does: reads the clusters' lists (each within its timeout; one that fails keeps what it last
   * told), evaluates, sends what is due.
   */
  async tick(): Promise<void> {
    // Evaluated with the figures last read if a read takes longer than a cluster may (each is bounded too).
    const read = this.sources.refresh?.().catch(() => undefined)
    await Promise.race([read, new Promise((done) => setTimeout(done, REFRESH_WAIT_MS).unref())])
    if (this.stopped) return
    this.evaluate()
    await this.pump()
  }

  /** One evaluation of every rule: fires, resolves and repeats, and queues their messages. */
  evaluate(): Noticed[] {
    const now = this.clock()
    const firing = new Map(this.store.firing().map((alert) => [keyOf(alert.rule_id, alert), alert]))
    const rules = new Map(this.store.rules().map((rule) => [rule.id, rule]))
    const current = new Map<string, { rule: StoredRule; model: string | null; value: number }>()
    const noticed: Noticed[] = []
    for (const rule of rules.values()) {
      if (!rule.enabled) continue
      for (const reading of readingsOf(rule.kind, this.sources)) {
        if (rule.model !== null && reading.model !== rule.model) continue
        const key = keyOf(rule.id, reading)
        current.set(key, { rule, model: reading.model, value: reading.value })
        if (!breaches(rule.kind, reading.value, rule.threshold)) {
          this.breaching.delete(key)
          continue
        }
        const since = this.breaching.get(key) ?? now
        this.breaching.set(key, since)
        if (firing.has(key) || now - since < rule.for_seconds * 1000) continue
        const summary = describe(rule.kind, reading, reading.value, rule.threshold)
        noticed.push({
          alert: this.store.fire(rule, reading, summary, now),
          notice: 'fired',
        })
      }
    }
    for (const key of this.breaching.keys()) if (!current.has(key)) this.breaching.delete(key)

    for (const [key, alert] of firing) {
      if (this.breaching.has(key)) {
        const said = this.store.notifiedAt(alert.id) ?? alert.fired_at * 1000
        if (alert.acknowledged_by === null && now - said >= REPEAT_MS)
          noticed.push({ alert, notice: 'repeat' })
        continue
      }
      const resolved = this.store.resolve(alert.id, this.clearedSummary(alert, rules, current), now)
      if (resolved) noticed.push({ alert: resolved, notice: 'resolved' })
    }
    this.notify(noticed, now)
    return noticed
  }

  /** What a resolved alert says: the figure now, or why there is none. */
  private clearedSummary(
    alert: Alert,
    rules: ReadonlyMap<number, StoredRule>,
    current: ReadonlyMap<string, { value: number }>,
  ): string {
    const rule = rules.get(alert.rule_id)
    if (!rule?.enabled) return `${alert.summary}; the rule was ${rule ? 'disabled' : 'removed'}`
    const now = current.get(keyOf(alert.rule_id, alert))
    if (!now && alert.subject?.startsWith('cluster:'))
      return `${alert.subject.replace(':', ' ')} is no longer held by this server (removed or renamed)`
    const onCluster = alert.model === null ? undefined : clusterModelName(alert.model)
    if (!now && onCluster && !this.sources.clusters?.().some((one) => one.name === onCluster.cluster))
      return `model ${String(alert.model)}: cluster ${onCluster.cluster} is no longer held by this server`
    if (!now && alert.subject !== null)
      return `${alert.subject.replace(':', ' ')} has no soft limit any more (its limits were changed, or it was removed)`
    if (!now)
      return alert.model === null ? alert.summary : `model ${alert.model} is gone (terminated or dismissed)`
    return describe(alert.kind, alert, now.value, rule.threshold)
  }

  /** Queues one message per enabled channel for what was noticed, leaving out silenced alerts. */
  private notify(noticed: readonly Noticed[], now: number): void {
    const told = noticed.filter(
      ({ alert }) => !(alert.silenced_until !== null && alert.silenced_until * 1000 > now),
    )
    if (told.length === 0) return
    for (const channel of this.store.channels()) {
      if (channel.enabled)
        this.store.enqueue(channel.id, messageBody(channel.kind, this.server(), told, now), now)
    }
    for (const { alert } of told) this.store.notified(alert.id, now)
  }

  /** Sends every message that is due; one pass at a time. */
  pump(): Promise<void> {
    this.pumping ??= this.sendDue().finally(() => (this.pumping = null))
    return this.pumping
  }

  private async sendDue(): Promise<void> {
    for (const delivery of this.store.due(this.clock())) {
      const channel = this.store.channel(delivery.channel_id)
      if (!channel) continue
      const error = await this.send(channel, delivery.body)
      const now = this.clock()
      if (error === null) {
        this.store.sent(delivery.id)
        this.store.delivered(channel.id, now, null)
        continue
      }
      const attempts = delivery.attempts + 1
      if (attempts >= MAX_ATTEMPTS) {
        this.store.sent(delivery.id)
        this.store.delivered(channel.id, now, `${error}; gave up after ${String(MAX_ATTEMPTS)} tries`)
      } else {
        const next = now + backoff(attempts)
        this.store.retryAt(delivery.id, attempts, next)
        this.store.delivered(
          channel.id,
          now,
          `${error}; trying again at ${new Date(next).toISOString()} (try ${String(attempts + 1)} of ${String(MAX_ATTEMPTS)})`,
        )
      }
    }
  }

  /** Sends one message by the channel's kind: null when it was taken, else why not. */
  private send(channel: StoredChannel, body: string): Promise<string | null> {
    if (channel.kind === 'email') {
      if (!channel.email) return Promise.resolve('the channel has no sender or recipients')
      return sendEmail(
        {
          url: channel.url,
          allowInternal: channel.allow_internal,
          password: channel.secret,
          settings: channel.email,
        },
        JSON.parse(body) as EmailMessage,
      )
    }
    const secret = channel.kind === 'webhook' ? channel.secret : null
    return deliver({ url: channel.url, allowInternal: channel.allow_internal, secret }, body, this.clock())
  }

  /** Sends a test message to a channel now; its outcome is the channel's last delivery too. */
  async test(channelId: number): Promise<{ ok: boolean; error: string | null } | undefined> {
    const channel = this.store.channel(channelId)
    if (!channel) return undefined
    const error = await this.send(channel, messageBody(channel.kind, this.server(), [], this.clock()))
    this.store.delivered(channel.id, this.clock(), error)
    return { ok: error === null, error }
  }
}
