import {
  Alert,
  AlertIdParams,
  AlertList,
  AlertQuery,
  AlertRule,
  AlertRuleInput,
  AlertRuleList,
  Channel,
  ChannelIdParams,
  ChannelInput,
  ChannelList,
  ChannelTest,
  RuleIdParams,
  SilenceInput,
} from '../alerts.js'
import { OkResponse } from '../auth.js'
import { route } from './route.js'

/*
 * Alerts (docs/alerts.md): the platform's own, at SPEC-style paths only. Rules and channels are an administrator's;
 * so is the inbox, which names every model and the server's memory.
 */
export const listAlertRules = route({
  method: 'GET',
  path: '/api/v1/alerts/rules',
  upstreamAlias: false,
  summary: 'The alert rules, the defaults included, each saying whether this server has its figure',
  answers: { 200: AlertRuleList },
  access: 'admin',
  audit: 'admin',
})
export const createAlertRule = route({
  method: 'POST',
  path: '/api/v1/alerts/rules',
  upstreamAlias: false,
  summary: 'Add an alert rule',
  body: AlertRuleInput,
  answers: { 201: AlertRule },
  access: 'admin',
  audit: 'admin',
})
export const updateAlertRule = route({
  method: 'PUT',
  path: '/api/v1/alerts/rules/:rule_id',
  upstreamAlias: false,
  summary: 'Change an alert rule (whole)',
  params: RuleIdParams,
  body: AlertRuleInput,
  answers: { 200: AlertRule },
  access: 'admin',
  audit: 'admin',
})
export const deleteAlertRule = route({
  method: 'DELETE',
  path: '/api/v1/alerts/rules/:rule_id',
  upstreamAlias: false,
  summary: 'Remove an alert rule (its alerts stay in the inbox)',
  params: RuleIdParams,
  answers: { 200: OkResponse },
  access: 'admin',
  audit: 'admin',
})
export const listAlertChannels = route({
  method: 'GET',
  path: '/api/v1/alerts/channels',
  upstreamAlias: false,
  summary: 'Where alerts are sent, each with its last delivery (never a secret)',
  answers: { 200: ChannelList },
  access: 'admin',
  audit: 'admin',
})
export const createAlertChannel = route({
  method: 'POST',
  path: '/api/v1/alerts/channels',
  upstreamAlias: false,
  summary: 'Add a channel: a signed webhook or a Slack-style incoming webhook',
  body: ChannelInput,
  answers: { 201: Channel },
  access: 'admin',
  audit: 'admin',
})
export const updateAlertChannel = route({
  method: 'PUT',
  path: '/api/v1/alerts/channels/:channel_id',
  upstreamAlias: false,
  summary: 'Change a channel (a secret left out stays as it was)',
  params: ChannelIdParams,
  body: ChannelInput,
  answers: { 200: Channel },
  access: 'admin',
  audit: 'admin',
})
export const deleteAlertChannel = route({
  method: 'DELETE',
  path: '/api/v1/alerts/channels/:channel_id',
  upstreamAlias: false,
  summary: 'Remove a channel and the messages it still had to send',
  params: ChannelIdParams,
  answers: { 200: OkResponse },
  access: 'admin',
  audit: 'admin',
})
export const testAlertChannel = route({
  method: 'POST',
  path: '/api/v1/alerts/channels/:channel_id/test',
  upstreamAlias: false,
  summary: 'Send a test message to a channel now, and say how it went',
  params: ChannelIdParams,
  answers: { 200: ChannelTest },
  access: 'admin',
  audit: 'admin',
})
export const listAlerts = route({
  method: 'GET',
  path: '/api/v1/alerts',
  upstreamAlias: false,
  summary: 'The inbox: firing alerts, or the newest 200 of any state',
  query: AlertQuery,
  answers: { 200: AlertList },
  access: 'admin',
  audit: 'admin',
})
export const acknowledgeAlert = route({
  method: 'POST',
  path: '/api/v1/alerts/:alert_id/acknowledge',
  upstreamAlias: false,
  summary: 'Acknowledge an alert: someone is on it (it still resolves, and says so)',
  params: AlertIdParams,
  answers: { 200: Alert },
  access: 'admin',
  audit: 'admin',
})
export const silenceAlert = route({
  method: 'POST',
  path: '/api/v1/alerts/:alert_id/silence',
  upstreamAlias: false,
  summary: 'Silence an alert for a while: no message about it until then',
  params: AlertIdParams,
  body: SilenceInput,
  answers: { 200: Alert },
  access: 'admin',
  audit: 'admin',
})
