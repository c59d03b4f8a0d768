import { api, type UsageMinute } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { Sparkline } from '../../../components/sparkline'
import { useT } from '../../../i18n/react'
import { apiQuery } from '../../../lib/api-query'
import { pollDelay } from '../../../lib/polling'
import { HEALTH_REFRESH_MS } from '../../../lib/running-models'
import './usage-section.css'

/** Whole minutes as "1 h 5 min" (hours only when there are some). */
const split = (seconds: number) => {
  const minutes = Math.max(0, Math.floor(seconds / 60))
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 }
}

/**
 * A model's usage: how long it has been up and idle, its requests, errors and tokens, its speed and first-token
 * time; and its last hour minute by minute, kept by the server, so the charts are full when they open.
 */
export function UsageSection({ uid }: { uid: string }) {
  const t = useT()
  // `GET /api/v1/models/{uid}/usage`: the platform's own; read again while it is shown.
  const usage = useQuery(
    apiQuery(api.getModelUsage, { model_uid: uid }, undefined, {
      refetchInterval: (query) => pollDelay(HEALTH_REFRESH_MS, query.state.error),
      meta: { silent: true },
    }),
  )
  const data = usage.data
  if (!data)
    return <p className="usage-waiting">{usage.isError ? t('running.usage.failed') : t('common.loading')}</p>
  // The server's clock, as the last minute it reported: no clock of this browser in what is shown.
  const now = (data.minutes.at(-1)?.at ?? data.since) + 60
  const figures = [
    [t('running.usage.up'), t('running.usage.duration', split(now - data.since))],
    [
      t('running.usage.idle'),
      data.last_request === null
        ? t('running.usage.noRequest')
        : t('running.usage.duration', split(now - data.last_request)),
    ],
    [t('running.usage.requests'), t('running.usage.count', { count: data.requests })],
    [t('running.usage.errors'), t('running.usage.count', { count: data.errors })],
    [
      t('running.usage.tokens'),
      t('running.usage.tokensInOut', { prompt: data.prompt_tokens, generated: data.generated_tokens }),
    ],
    [t('running.usage.speed'), t('running.usage.tokensPerSecond', { rate: data.tokens_per_second })],
    [
      t('running.usage.firstToken'),
      data.first_token_ms === null ? '—' : t('running.usage.ms', { ms: data.first_token_ms }),
    ],
  ] as const
  const series = (pick: (minute: UsageMinute) => number | null) => data.minutes.map(pick)
  const peak = (values: (number | null)[]) => Math.max(0, ...values.map((value) => value ?? 0))
  const charts = [
    { title: t('running.usage.chart.requests'), values: series((minute) => minute.requests) },
    { title: t('running.usage.chart.tokens'), values: series((minute) => minute.generated_tokens) },
    { title: t('running.usage.chart.firstToken'), values: series((minute) => minute.first_token_ms) },
  ]
  return (
    <section className="usage" aria-label={t('running.usage.title')}>
      <dl className="usage-figures">
        {figures.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="usage-charts">
        {charts.map((chart) => (
          <figure key={chart.title}>
            <figcaption>{chart.title}</figcaption>
            {/* Its scale and time span in sight; the chart's own label says them to a screen reader. */}
            <span className="usage-chart-peak" aria-hidden="true">
              {t('running.usage.chart.peak', { peak: peak(chart.values) })}
            </span>
            <Sparkline
              values={chart.values}
              label={t('running.usage.chart.label', {
                title: chart.title,
                peak: peak(chart.values),
                last: chart.values.at(-1) ?? 0,
              })}
            />
            <span className="usage-chart-span" aria-hidden="true">
              <span>{t('running.usage.chart.start')}</span>
              <span>{t('running.usage.chart.end')}</span>
            </span>
          </figure>
        ))}
      </div>
    </section>
  )
}
