import type { Alert, ChannelKind } from '@serving-console/contract'

/** Why an alert is in a message: it fired, it resolved, or it still fires after the repeat interval. */
export type Notice = 'fired' | 'resolved' | 'repeat'

export interface Noticed {
  alert: Alert
  notice: Notice
}

/**
 * A message's body for a channel (docs/alerts.md has both): a webhook gets JSON with every alert of the burst; a
 * Slack-style incoming webhook gets `text`, a line each; an e-mail (kept as `{subject, text}` until sent) the same
 * lines. `noticed` empty: a test message.
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
  // Slack's text marks bold with asterisks; an e-mail is plain text.
  const bold = (word: string) => (kind === 'slack' ? `*${word}*` : word)
  const firing = noticed.filter(({ notice }) => notice !== 'resolved').length
  const head =
    noticed.length === 0
      ? `Serving Console at ${server}: a test message. This channel works.`
      : `Serving Console at ${server}: ${String(firing)} firing, ${String(noticed.length - firing)} resolved`
  const lines = noticed.map(({ alert, notice }) =>
    notice === 'resolved'
      ? `• ${bold('RESOLVED')} ${alert.rule_name}: ${alert.summary}`
      : `• ${bold(notice === 'repeat' ? 'STILL FIRING' : 'FIRING')} [${alert.severity}] ${alert.rule_name}: ${alert.summary}`,
  )
  const text = [head, ...lines].join('\n')
  if (kind === 'slack') return JSON.stringify({ text })
  // An e-mail's subject names the one alert, or counts a burst.
  const only = noticed.length === 1 ? noticed[0] : undefined
  const subject =
    noticed.length === 0
      ? '[Serving Console] A test message'
      : only
        ? `[Serving Console] ${only.notice === 'resolved' ? 'Resolved' : 'Firing'}: ${only.alert.rule_name} (${only.alert.subject?.replace(':', ' ') ?? only.alert.model ?? 'the server'})`
        : `[Serving Console] ${String(firing)} firing, ${String(noticed.length - firing)} resolved`
  return JSON.stringify({ subject, text })
}
