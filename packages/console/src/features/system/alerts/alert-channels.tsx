import type { Channel } from '@serving-console/contract'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ScrollTable } from '../../../components/scroll-table'
import type { MessageId } from '../../../i18n/catalogue'
import { currentIntl } from '../../../i18n/i18n'
import { useT } from '../../../i18n/react'
import { useAlertChannels, useDeleteChannel, useTestChannel } from '../api/alerts'
import { SystemQuery } from '../system-query'
import { SystemSection } from '../system-section'
import { CHANNEL_LABELS, ChannelDialog } from './channel-dialog'

const COLUMNS: readonly MessageId[] = [
  'system.alerts.channel.name',
  'system.alerts.channel.url',
  'system.alerts.column.delivery',
  'system.column.actions',
]

type Open = { dialog: 'edit'; channel: Channel | null } | { dialog: 'delete'; channel: Channel } | null

const when = (seconds: number) =>
  currentIntl().formatDate(seconds * 1000, { dateStyle: 'medium', timeStyle: 'short' })

/** Where alerts go: each channel with its last delivery and what waits to be tried again; a test message each. */
export function AlertChannels() {
  const t = useT()
  const channels = useAlertChannels()
  const test = useTestChannel()
  const remove = useDeleteChannel()
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  return (
    <SystemSection
      title={t('system.alerts.channels')}
      addLabel={t('system.alerts.channel.add')}
      onAdd={() => setOpen({ dialog: 'edit', channel: null })}
    >
      <SystemQuery
        query={channels}
        loadError={t('system.alerts.channelsLoadError')}
        empty={t('system.alerts.noChannels')}
        isEmpty={(data) => data.channels.length === 0}
      >
        {(data) => (
          <ScrollTable label={t('system.alerts.channels')} className="system-table" columns={COLUMNS}>
            {data.channels.map((channel) => {
              const last = channel.last_delivery
              return (
                <tr key={channel.id}>
                  <th scope="row">
                    {channel.name}
                    <span className="alert-note">
                      {t(CHANNEL_LABELS[channel.kind])}
                      {channel.has_secret && ` · ${t('system.alerts.channel.signed')}`}
                      {!channel.enabled && ` · ${t('system.alerts.channel.off')}`}
                    </span>
                  </th>
                  <td className="alert-url">
                    {channel.url}
                    {channel.email && (
                      <span className="alert-note">
                        {t('system.alerts.channel.sendsTo', { to: channel.email.to.join(', ') })}
                      </span>
                    )}
                  </td>
                  <td>
                    {last === null ? (
                      t('system.alerts.channel.never')
                    ) : last.ok ? (
                      t('system.alerts.channel.delivered', { time: when(last.at) })
                    ) : (
                      <>
                        {t('system.alerts.channel.failed', { time: when(last.at) })}
                        <span className="alert-error">{last.error}</span>
                      </>
                    )}
                    {channel.pending > 0 && (
                      <span className="alert-note">
                        {t('system.alerts.channel.pending', { count: channel.pending })}
                      </span>
                    )}
                  </td>
                  <td>
                    <span className="system-actions">
                      <Button
                        size="small"
                        aria-label={t('system.alerts.channel.testOf', { name: channel.name })}
                        loading={test.isPending && test.variables === channel.id}
                        onClick={() => test.mutate(channel.id)}
                      >
                        {t('system.alerts.channel.test')}
                      </Button>
                      <Button
                        size="small"
                        aria-label={t('system.alerts.editOf', { name: channel.name })}
                        onClick={() => setOpen({ dialog: 'edit', channel })}
                      >
                        {t('system.alerts.edit')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        aria-label={t('system.deleteOf', { name: channel.name })}
                        onClick={() => setOpen({ dialog: 'delete', channel })}
                      >
                        {t('system.delete')}
                      </Button>
                    </span>
                  </td>
                </tr>
              )
            })}
          </ScrollTable>
        )}
      </SystemQuery>
      {test.data && (
        <p role="status" className={test.data.ok ? 'muted' : 'alert-error'}>
          {test.data.ok
            ? t('system.alerts.channel.testOk')
            : t('system.alerts.channel.testFailed', { error: test.data.error ?? '' })}
        </p>
      )}
      {open?.dialog === 'edit' && <ChannelDialog channel={open.channel} onClose={close} />}
      <ConfirmDialog
        open={open?.dialog === 'delete'}
        text={
          open?.dialog === 'delete'
            ? t('system.alerts.channel.deleteConfirm', { name: open.channel.name })
            : ''
        }
        onConfirm={() => {
          if (open?.dialog === 'delete') remove.mutate(open.channel.id)
          close()
        }}
        onCancel={close}
      />
    </SystemSection>
  )
}
