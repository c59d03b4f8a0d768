import type { MessageId } from '../../../i18n/catalogue'
import { currentIntl } from '../../../i18n/i18n'
import { useT } from '../../../i18n/react'
import { ScrollTable } from '../../../components/scroll-table'
import type { ModelTotals } from './usage-query'

const COLUMNS: readonly MessageId[] = [
  'system.usage.column.model',
  'system.usage.column.requests',
  'system.usage.column.tokens',
  'system.usage.column.busy',
  'system.usage.column.workerTime',
  'system.usage.column.gpuTime',
  'system.usage.column.busyShare',
]

/**
 * Each model over the period: what it answered (requests, tokens, busy time) beside what it held of the machine
 * (worker and GPU time), and the share of that time it was answering — a model kept up for nobody shows at 0 %.
 */
export function UsageModels({ models }: { models: readonly ModelTotals[] }) {
  const t = useT()
  const intl = currentIntl()
  const number = (value: number) => intl.formatNumber(value)
  const seconds = (value: number) =>
    t('system.usage.seconds', { seconds: intl.formatNumber(value, { maximumFractionDigits: 1 }) })
  return (
    <section className="surface system-section" aria-labelledby="usage-models-title">
      <h2 id="usage-models-title">{t('system.usage.byModel')}</h2>
      <p className="muted">{t('system.usage.byModelIntro')}</p>
      <ScrollTable label={t('system.usage.byModel')} className="system-table" columns={COLUMNS}>
        {models.map((model) => (
          <tr key={model.model}>
            <th scope="row">{model.model}</th>
            <td>{number(model.requests)}</td>
            <td>{number(model.tokens)}</td>
            <td className="system-nowrap">{seconds(model.busySeconds)}</td>
            <td className="system-nowrap">{seconds(model.workerSeconds)}</td>
            <td className="system-nowrap">{seconds(model.gpuSeconds)}</td>
            <td>
              {model.workerSeconds > 0
                ? intl.formatNumber(Math.min(1, model.busySeconds / model.workerSeconds), {
                    style: 'percent',
                  })
                : '—'}
            </td>
          </tr>
        ))}
      </ScrollTable>
    </section>
  )
}
