import { CHANNEL_KINDS, type Channel, type ChannelInput, type ChannelKind } from '@serving-console/contract'
import { useState } from 'react'
import { Checkbox } from '../../../components/checkbox'
import { Select } from '../../../components/select'
import { TextField } from '../../../components/text-field'
import type { MessageId } from '../../../i18n/catalogue'
import { useT } from '../../../i18n/react'
import { useCreateChannel, useSaveChannel } from '../api/alerts'
import { SystemDialog } from '../system-dialog'

export const CHANNEL_LABELS: Record<ChannelKind, MessageId> = {
  webhook: 'system.alerts.channel.webhook',
  slack: 'system.alerts.channel.slack',
  email: 'system.alerts.channel.email',
}

/** Whether the URL is one the server takes for the kind: http(s) for webhooks, smtp(s) for e-mail. */
const urlOk = (url: string, kind: ChannelKind) => {
  try {
    const { protocol, hostname } = new URL(url)
    return (
      hostname !== '' && (kind === 'email' ? ['smtp:', 'smtps:'] : ['http:', 'https:']).includes(protocol)
    )
  } catch {
    return false
  }
}

const ADDRESS = /^[^\s@<>,;]+@[^\s@<>,;]+$/
/** The addresses typed, separated by commas, semicolons or spaces. */
const addressesOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean)

type Problem = 'name' | 'url' | 'from' | 'to'

/**
 * A new channel, or `channel` changed. Its secret (a webhook's signing secret, the SMTP password) is never shown:
 * left empty on a change, the one kept stays.
 */
export function ChannelDialog({ channel, onClose }: { channel: Channel | null; onClose: () => void }) {
  const t = useT()
  const create = useCreateChannel()
  const save = useSaveChannel()
  const [name, setName] = useState(channel?.name ?? '')
  const [kind, setKind] = useState<ChannelKind>(channel?.kind ?? 'webhook')
  const [url, setUrl] = useState(channel?.url ?? '')
  const [secret, setSecret] = useState('')
  const [from, setFrom] = useState(channel?.email?.from ?? '')
  const [to, setTo] = useState(channel?.email?.to.join(', ') ?? '')
  const [username, setUsername] = useState(channel?.email?.username ?? '')
  const [allowInternal, setAllowInternal] = useState(channel?.allow_internal ?? false)
  const [enabled, setEnabled] = useState(channel?.enabled ?? true)
  const [problem, setProblem] = useState<Problem | null>(null)
  const email = kind === 'email'

  const checked = (): ChannelInput | Problem => {
    const recipients = addressesOf(to)
    if (!name.trim()) return 'name'
    if (!urlOk(url.trim(), kind)) return 'url'
    if (email && !ADDRESS.test(from.trim())) return 'from'
    if (
      email &&
      (recipients.length === 0 || recipients.length > 20 || !recipients.every((one) => ADDRESS.test(one)))
    )
      return 'to'
    return {
      name: name.trim(),
      kind,
      url: url.trim(),
      allow_internal: allowInternal,
      enabled,
      // Left empty on a change: the secret kept stays (docs/alerts.md).
      ...(kind !== 'slack' && (secret || !channel) ? { secret } : {}),
      ...(email ? { email: { from: from.trim(), to: recipients, username: username.trim() } } : {}),
    }
  }

  return (
    <SystemDialog
      title={
        channel
          ? t('system.alerts.channel.editTitle', { name: channel.name })
          : t('system.alerts.channel.addTitle')
      }
      submitLabel={t('system.save')}
      onSubmit={() => {
        const input = checked()
        if (typeof input === 'string') return setProblem(input)
        setProblem(null)
        if (channel) save.mutate({ id: channel.id, channel: input }, { onSuccess: onClose })
        else create.mutate(input, { onSuccess: onClose })
      }}
      onClose={onClose}
      change={channel ? save : create}
    >
      <TextField
        label={t('system.alerts.channel.name')}
        value={name}
        onChange={setName}
        error={problem === 'name' ? t('system.alerts.rule.error.name') : null}
      />
      <Select
        label={t('system.alerts.channel.kind')}
        value={kind}
        onChange={(value) => setKind(value as ChannelKind)}
        options={CHANNEL_KINDS.map((value) => ({ value, label: t(CHANNEL_LABELS[value]) }))}
      />
      <TextField
        label={t(email ? 'system.alerts.channel.smtpUrl' : 'system.alerts.channel.url')}
        value={url}
        inputMode="url"
        onChange={setUrl}
        error={problem === 'url'}
        helperText={
          problem === 'url'
            ? t(email ? 'system.alerts.channel.error.smtpUrl' : 'system.alerts.channel.error.url')
            : t(email ? 'system.alerts.channel.smtpUrlHelp' : 'system.alerts.channel.urlHelp')
        }
      />
      {email && (
        <>
          <TextField
            label={t('system.alerts.channel.from')}
            value={from}
            inputMode="email"
            onChange={setFrom}
            error={problem === 'from' ? t('system.alerts.channel.error.address') : null}
          />
          <TextField
            label={t('system.alerts.channel.to')}
            value={to}
            inputMode="email"
            onChange={setTo}
            error={problem === 'to'}
            helperText={
              problem === 'to' ? t('system.alerts.channel.error.address') : t('system.alerts.channel.toHelp')
            }
          />
          <TextField
            label={t('system.alerts.channel.username')}
            value={username}
            autoComplete="off"
            onChange={setUsername}
            helperText={t('system.alerts.channel.usernameHelp')}
          />
        </>
      )}
      {kind !== 'slack' && (
        <TextField
          label={t(email ? 'system.alerts.channel.password' : 'system.alerts.channel.secret')}
          type="password"
          autoComplete="new-password"
          value={secret}
          onChange={setSecret}
          helperText={
            channel?.has_secret
              ? t('system.alerts.channel.secretKept')
              : t(email ? 'system.alerts.channel.passwordHelp' : 'system.alerts.channel.secretHelp')
          }
        />
      )}
      <Checkbox
        label={t('system.alerts.channel.allowInternal')}
        checked={allowInternal}
        onChange={setAllowInternal}
      />
      <Checkbox label={t('system.alerts.channel.enabled')} checked={enabled} onChange={setEnabled} />
    </SystemDialog>
  )
}
