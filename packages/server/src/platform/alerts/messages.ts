import type { Alert, ChannelKind } from '@serving-console/contract'

/** Why an alert is in a message: it fired, it resolved, or it still fires after the repeat interval. */
export type Notice = 'fired' | 'resolved' | 'repeat'

export interface Noticed {
  alert: Alert
  notice: Notice
}

/**
 * A message's body for a channel (docs/alerts.md has both): a webhook gets JSON with every alert of the burst; a
 * Slack-style incoming webhook gets `text`, a line each. `alerts` empty: a test message.
 */
export function messageBody(
  kind: ChannelKind,
  server: string,
  noticed: readonly Noticed[],
  now: number,
): string {
  if (kind === 'webhook')
    return JSON.stringify({
      version: 1,
      event: noticed.length === 0 ? 'test' : 'alerts',
      server,
      sent_at: new Date(now).toISOString(),
      alerts: noticed.map(({ alert, notice }) => ({ ...alert, notice })),
    })
  if (noticed.length === 0)
    return JSON.stringify({ text: `Serving Console at ${server}: a test message. This channel works.` })
  const firing = noticed.filter(({ notice }) => notice !== 'resolved').length
  const head = `Serving Console at ${server}: ${String(firing)} firing, ${String(noticed.length - firing)} resolved`
  const lines = noticed.map(({ alert, notice }) =>
    notice === 'resolved'
      ? `• *RESOLVED* ${alert.rule_name}: ${alert.summary}`
      : `• *${notice === 'repeat' ? 'STILL FIRING' : 'FIRING'}* [${alert.severity}] ${alert.rule_name}: ${alert.summary}`,
  )
  return JSON.stringify({ text: [head, ...lines].join('\n') })
}
