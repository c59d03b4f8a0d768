import type {
  BenchmarkLevel,
  BenchmarkPreset,
  BenchmarkReport,
  RunningModel,
} from '@serving-console/contract'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { ProgressBar } from '../../../components/progress-bar'
import { ScrollTable } from '../../../components/scroll-table'
import { Select } from '../../../components/select'
import { TextField } from '../../../components/text-field'
import type { MessageId } from '../../../i18n/catalogue'
import { currentIntl } from '../../../i18n/i18n'
import { useT } from '../../../i18n/react'
import { saveFile } from '../../../lib/save-file'
import { useBenchmarks, useDeleteBenchmark, useStartBenchmark, useStopBenchmark } from '../api/benchmarks'
import {
  defaultForm,
  formErrors,
  formOf,
  levelsOf,
  presetsFor,
  reportsCsv,
  type BenchmarkForm,
} from '../model/benchmark-form'
import { ThroughputChart } from './throughput-chart'

const PRESETS: Record<BenchmarkPreset, MessageId> = {
  short_chat: 'playground.bench.preset.short_chat',
  long_context: 'playground.bench.preset.long_context',
  embeddings_batch: 'playground.bench.preset.embeddings_batch',
}
const STATES: Record<BenchmarkReport['state'], MessageId> = {
  running: 'playground.bench.state.running',
  completed: 'playground.bench.state.completed',
  stopped: 'playground.bench.state.stopped',
  failed: 'playground.bench.state.failed',
}
const REPORT_COLUMNS: readonly MessageId[] = [
  'playground.bench.column.compare',
  'playground.bench.column.report',
  'playground.bench.column.state',
  'system.column.actions',
]
const LEVEL_COLUMNS: readonly MessageId[] = [
  'playground.bench.column.report',
  'playground.bench.column.users',
  'playground.bench.column.requestsPerSecond',
  'playground.bench.column.ttft',
  'playground.bench.column.itl',
  'playground.bench.column.tokensPerSecond',
  'playground.bench.column.perUser',
  'playground.bench.column.errors',
]

const ms = (value: number | null) => (value === null ? '—' : String(Math.round(value)))
const triple = (p: BenchmarkLevel['ttft_ms']) => `${ms(p.p50)} / ${ms(p.p95)} / ${ms(p.p99)}`
const one = (value: number | null) => (value === null ? '—' : value.toFixed(1))

/**
 * The model's benchmark (docs/benchmarks.md), for an administrator: settings, a run's live progress and Stop, the
 * model's reports — chosen ones compared in one table and one chart of throughput against concurrency, exported as
 * JSON or CSV, run again with the same settings.
 */
export function BenchmarkSection({ row }: { row: RunningModel }) {
  const t = useT()
  const [form, setForm] = useState<BenchmarkForm>(() => defaultForm(row.model_type))
  const [chosen, setChosen] = useState<number[]>([])
  const benchmarks = useBenchmarks(true)
  const startRun = useStartBenchmark()
  const stopRun = useStopBenchmark()
  const remove = useDeleteBenchmark()
  const errors = formErrors(form)
  const reports = (benchmarks.data ?? []).filter((report) => report.settings.model_uid === row.id)
  const running = reports.find((report) => report.state === 'running')
  const latest = reports[0]
  const shown = reports.filter((report) => chosen.includes(report.id))
  const compared = shown.length > 0 ? shown : latest ? [latest] : []
  const when = (seconds: number) =>
    currentIntl().formatDate(seconds * 1000, { dateStyle: 'medium', timeStyle: 'short' })

  const start = (settings: BenchmarkForm) =>
    startRun.mutate({
      model_uid: row.id,
      preset: settings.preset,
      concurrency: levelsOf(settings.concurrency) ?? [1],
      requests_per_level: Number(settings.requests),
      ...(settings.preset === 'embeddings_batch' ? {} : { max_tokens: Number(settings.maxTokens) }),
    })
  const set = (change: Partial<BenchmarkForm>) => setForm((now) => ({ ...now, ...change }))

  return (
    <section className="surface playground-section" aria-labelledby="benchmark-title">
      <h2 id="benchmark-title">{t('playground.bench.title')}</h2>
      <p className="muted">{t('playground.bench.intro')}</p>
      <div className="playground-options">
        <Select
          label={t('playground.bench.preset')}
          value={form.preset}
          options={presetsFor(row.model_type).map((preset) => ({ value: preset, label: t(PRESETS[preset]) }))}
          onChange={(preset) => set({ preset: preset as BenchmarkPreset })}
        />
        <TextField
          label={t('playground.bench.concurrency')}
          value={form.concurrency}
          error={errors.concurrency === true}
          helperText={t('playground.bench.concurrencyHelp')}
          onChange={(concurrency) => set({ concurrency })}
        />
        <TextField
          label={t('playground.bench.requests')}
          inputMode="numeric"
          value={form.requests}
          error={errors.requests === true || errors.total === true}
          helperText={t(errors.total ? 'playground.bench.totalHelp' : 'playground.bench.requestsHelp')}
          onChange={(requests) => set({ requests })}
        />
        {form.preset !== 'embeddings_batch' && (
          <TextField
            label={t('playground.bench.maxTokens')}
            inputMode="numeric"
            value={form.maxTokens}
            error={errors.maxTokens === true}
            helperText={t('playground.bench.maxTokensHelp')}
            onChange={(maxTokens) => set({ maxTokens })}
          />
        )}
      </div>
      <div className="playground-actions">
        <Button
          variant="contained"
          loading={startRun.isPending}
          disabled={Object.keys(errors).length > 0 || running !== undefined}
          onClick={() => start(form)}
        >
          {t('playground.bench.start')}
        </Button>
        {running && (
          <Button color="error" onClick={() => stopRun.mutate(running.id)}>
            {t('playground.bench.stop')}
          </Button>
        )}
      </div>
      {running && (
        <div role="status" className="benchmark-progress">
          <ProgressBar
            label={t('playground.bench.progressLabel')}
            percent={running.total > 0 ? Math.round((running.done / running.total) * 100) : 0}
          />
          <span className="muted">
            {t('playground.bench.progress', { done: running.done, total: running.total })}
          </span>
        </div>
      )}
      {reports.length > 0 && (
        <>
          <h3>{t('playground.bench.reports')}</h3>
          <ScrollTable
            label={t('playground.bench.reports')}
            className="playground-table"
            columns={REPORT_COLUMNS}
          >
            {reports.map((report) => (
              <tr key={report.id}>
                <td>
                  <Button
                    size="small"
                    variant={chosen.includes(report.id) ? 'contained' : 'outlined'}
                    aria-pressed={chosen.includes(report.id)}
                    aria-label={t('playground.bench.compareOne', { id: report.id })}
                    onClick={() =>
                      setChosen((now) =>
                        now.includes(report.id) ? now.filter((id) => id !== report.id) : [...now, report.id],
                      )
                    }
                  >
                    {t('playground.bench.column.compare')}
                  </Button>
                </td>
                <th scope="row">
                  {`#${report.id} · ${t(PRESETS[report.settings.preset])}`}
                  <span className="benchmark-note muted">
                    {t('playground.bench.reportLine', {
                      when: when(report.created_at),
                      levels: report.settings.concurrency.join(', '),
                      requests: report.settings.requests_per_level,
                    })}
                  </span>
                </th>
                <td>
                  {t(STATES[report.state])}
                  {report.reason && <span className="benchmark-note muted">{report.reason}</span>}
                </td>
                <td>
                  <div className="benchmark-actions">
                    <Button
                      size="small"
                      onClick={() =>
                        saveFile(
                          new Blob([`${JSON.stringify(report, null, 2)}\n`], { type: 'application/json' }),
                          `benchmark-${report.id}.json`,
                        )
                      }
                    >
                      {t('playground.bench.json')}
                    </Button>
                    <Button
                      size="small"
                      onClick={() =>
                        saveFile(
                          new Blob([reportsCsv([report])], { type: 'text/csv' }),
                          `benchmark-${report.id}.csv`,
                        )
                      }
                    >
                      {t('playground.bench.csv')}
                    </Button>
                    <Button
                      size="small"
                      disabled={running !== undefined}
                      onClick={() => {
                        setForm(formOf(report))
                        start(formOf(report))
                      }}
                    >
                      {t('playground.bench.rerun')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      disabled={report.state === 'running'}
                      aria-label={t('playground.bench.deleteOne', { id: report.id })}
                      onClick={() => remove.mutate(report.id)}
                    >
                      {t('playground.bench.delete')}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </ScrollTable>
        </>
      )}
      {compared.some((report) => report.levels.length > 0) && (
        <>
          <h3>{t(compared.length > 1 ? 'playground.bench.comparing' : 'playground.bench.results')}</h3>
          <ThroughputChart reports={compared} />
          <ScrollTable
            label={t('playground.bench.results')}
            className="playground-table"
            columns={LEVEL_COLUMNS}
          >
            {compared.flatMap((report) =>
              report.levels.map((level) => (
                <tr key={`${report.id}-${level.concurrency}`}>
                  <th scope="row">{`#${report.id}`}</th>
                  <td>{level.concurrency}</td>
                  <td>{one(level.requests_per_second)}</td>
                  <td>{triple(level.ttft_ms)}</td>
                  <td>{triple(level.itl_ms)}</td>
                  <td>{one(level.tokens_per_second)}</td>
                  <td>{one(level.tokens_per_second_per_user)}</td>
                  <td title={level.first_error ?? undefined}>{level.errors}</td>
                </tr>
              )),
            )}
          </ScrollTable>
        </>
      )}
    </section>
  )
}
