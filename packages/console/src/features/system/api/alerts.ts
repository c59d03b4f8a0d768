import { api, type AlertRuleInput, type ChannelInput } from '@serving-console/contract'
import { useMutation, useQuery } from '@tanstack/react-query'
import { apiMutation, apiQuery } from '../../../lib/api-query'
import { alertsQuery, ALERTS_REFRESH_MS } from '../../../lib/alerts'
import { pollDelay } from '../../../lib/polling'

const quiet = { meta: { silent: true } } as const
/** Said by the dialog that asked, 403 included. */
const inDialog = { meta: { shownOnScreen: () => true }, request: { forbiddenShownHere: true } } as const

/** The inbox (lib/alerts.ts). */
export const useAlerts = () => useQuery(alertsQuery)

/** `GET /api/v1/alerts/rules`. */
export const useAlertRules = () => useQuery(apiQuery(api.listAlertRules, undefined, undefined, quiet))

/** `GET /api/v1/alerts/channels`: each with its last delivery, read again while shown (retries go on). */
export const useAlertChannels = () =>
  useQuery(
    apiQuery(api.listAlertChannels, undefined, undefined, {
      ...quiet,
      refetchInterval: (query) => pollDelay(ALERTS_REFRESH_MS, query.state.error),
    }),
  )

const rules = [api.listAlertRules]
const channels = [api.listAlertChannels]
const inbox = [api.listAlerts]

/** `PUT /api/v1/alerts/rules/{id}`: a rule changed whole. */
export const useSaveRule = () =>
  useMutation(
    apiMutation(api.updateAlertRule, {
      send: ({ id, rule }: { id: number; rule: AlertRuleInput }) => ({ params: { rule_id: id }, body: rule }),
      invalidates: rules,
      ...inDialog,
    }),
  )
/** `POST /api/v1/alerts/rules`. */
export const useCreateRule = () =>
  useMutation(
    apiMutation(api.createAlertRule, {
      send: (rule: AlertRuleInput) => ({ params: undefined, body: rule }),
      invalidates: rules,
      ...inDialog,
    }),
  )
export const useDeleteRule = () =>
  useMutation(
    apiMutation(api.deleteAlertRule, {
      send: (id: number) => ({ params: { rule_id: id } }),
      invalidates: rules,
      ...inDialog,
    }),
  )

export const useCreateChannel = () =>
  useMutation(
    apiMutation(api.createAlertChannel, {
      send: (channel: ChannelInput) => ({ params: undefined, body: channel }),
      invalidates: channels,
      ...inDialog,
    }),
  )
export const useSaveChannel = () =>
  useMutation(
    apiMutation(api.updateAlertChannel, {
      send: ({ id, channel }: { id: number; channel: ChannelInput }) => ({
        params: { channel_id: id },
        body: channel,
      }),
      invalidates: channels,
      ...inDialog,
    }),
  )
export const useDeleteChannel = () =>
  useMutation(
    apiMutation(api.deleteAlertChannel, {
      send: (id: number) => ({ params: { channel_id: id } }),
      invalidates: channels,
      ...inDialog,
    }),
  )
/** `POST /api/v1/alerts/channels/{id}/test`: its outcome is the answer (and the channel's last delivery). */
export const useTestChannel = () =>
  useMutation(
    apiMutation(api.testAlertChannel, {
      send: (id: number) => ({ params: { channel_id: id } }),
      invalidates: channels,
    }),
  )

export const useAcknowledge = () =>
  useMutation(
    apiMutation(api.acknowledgeAlert, {
      send: (id: number) => ({ params: { alert_id: id } }),
      invalidates: inbox,
    }),
  )
export const useSilence = () =>
  useMutation(
    apiMutation(api.silenceAlert, {
      send: ({ id, seconds }: { id: number; seconds: number }) => ({
        params: { alert_id: id },
        body: { seconds },
      }),
      invalidates: inbox,
      ...inDialog,
    }),
  )
