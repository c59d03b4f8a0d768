import { SLOW_TOKENS_PER_SECOND, type ModelFit, type QuantizationFit } from '@serving-console/contract'
import { Chip } from '../../../components/chip'
import { Disclosure } from '../../../components/disclosure'
import { Notice } from '../../../components/notice'
import { useT } from '../../../i18n/react'
import { formatBytes } from '../../../lib/format'
import { chosenQuantization, chosenSpec, GRADE_LABEL, GRADE_TONE, HUB_NAME, speedMessage } from '../model/fit'
import './fit-panel.css'

interface FitPanelProps {
  /** The platform's estimate (null on a server without it: only the catalogue's cache marks are known). */
  fit: ModelFit | null
  format: string
  size: string
  quantization: string
  /** The catalogue's own cache mark of the chosen quantization, where the server has no estimate. */
  cachedInCatalogue: boolean | null
  hub: string
}

const hubName = (hub: string) => HUB_NAME[hub] ?? hub

/**
 * Will the chosen launch fit: its file, the memory it needs against what is free, whether it is cached or must be
 * downloaded (and whether the hub answers, with what to do when not), and every quantization of the spec beside.
 */
export function FitPanel({ fit, format, size, quantization, cachedInCatalogue, hub }: FitPanelProps) {
  const t = useT()
  if (!fit) {
    // A cluster's console: its catalogue says what is cached; memory is the cluster's to know.
    if (cachedInCatalogue === null) return null
    return (
      <section className="fit-panel" aria-label={t('launch.fit.title')}>
        <p className="fit-line">
          {cachedInCatalogue ? t('launch.fit.cached') : t('launch.fit.download', { hub: hubName(hub) })}
        </p>
        <p className="fit-note">{t('launch.fit.clusterOnly')}</p>
      </section>
    )
  }
  const spec = chosenSpec(fit, format, size)
  const chosen = chosenQuantization(spec, quantization)
  const free = formatBytes(fit.target.free_bytes)
  const memoryOf = (entry: QuantizationFit) =>
    entry.memory_bytes === null ? '—' : formatBytes(entry.memory_bytes)
  const fileOf = (entry: QuantizationFit) =>
    entry.file_bytes === null
      ? '—'
      : entry.file_bytes_source === 'parameters'
        ? t('launch.fit.about', { size: formatBytes(entry.file_bytes) })
        : formatBytes(entry.file_bytes)
  const where = fit.target.device === 'gpu' ? t('launch.fit.target.gpu') : t('launch.fit.target.cpu')
  // How fast it would answer, and on what that estimate rests (docs/platform.md, "Speed").
  const speed = chosen ? speedMessage(chosen.tokens_per_second) : null
  const speedLine =
    speed && chosen && chosen.file_bytes !== null
      ? t(fit.target.device === 'gpu' ? 'launch.fit.speedGpu' : 'launch.fit.speedCpu', {
          speed: t(speed.id, speed.values),
          cores: fit.target.cores,
          bandwidth: formatBytes(fit.target.bandwidth_bytes_per_second),
          size: formatBytes(chosen.file_bytes),
        })
      : null
  const hubLabel = hubName(fit.hub.hub)
  const otherHub = hubName(fit.hub.hub === 'modelscope' ? 'huggingface' : 'modelscope')
  return (
    <section className="fit-panel" aria-label={t('launch.fit.title')}>
      <h3 className="fit-title">{t('launch.fit.title')}</h3>
      {spec && !spec.runnable ? (
        <p className="fit-line">{t('launch.fit.notHere')}</p>
      ) : chosen ? (
        <>
          <p className="fit-line">
            <Chip label={t(GRADE_LABEL[chosen.fit])} tone={GRADE_TONE[chosen.fit]} />{' '}
            {chosen.memory_bytes === null
              ? t('launch.fit.memoryUnknown', { free, where })
              : t('launch.fit.needs', { memory: memoryOf(chosen), free, where })}
          </p>
          {speedLine && <p className="fit-line">{speedLine}</p>}
          {chosen.fit === 'slow' && (
            <p className="fit-note">{t('launch.fit.slowNote', { min: SLOW_TOKENS_PER_SECOND })}</p>
          )}
          <p className="fit-line">
            {chosen.cached
              ? t('launch.fit.cachedHere', { size: fileOf(chosen) })
              : chosen.file_bytes_source === 'cache'
                ? t('launch.fit.generated')
                : spec?.on_hub === false
                  ? t('launch.fit.notOnHub', { hub: hubLabel, other: otherHub })
                  : t('launch.fit.downloadSize', { hub: hubLabel, size: fileOf(chosen) })}
          </p>
          {!chosen.cached && chosen.file_bytes_source !== 'cache' && fit.hub.reachable === false && (
            <Notice
              severity="warning"
              title={t('launch.fit.unreachable', { hub: hubLabel, endpoint: fit.hub.endpoint })}
            >
              <p>{fit.hub.detail}</p>
              <p>
                {t('launch.fit.remedies', {
                  other: otherHub,
                  flag: fit.hub.hub === 'modelscope' ? '--modelscope-endpoint' : '--hf-endpoint',
                })}
              </p>
            </Notice>
          )}
        </>
      ) : (
        <p className="fit-line">{t('launch.fit.choose')}</p>
      )}
      {spec?.runnable && spec.quantizations.length > 1 && (
        <Disclosure summary={t('launch.fit.all', { count: spec.quantizations.length })}>
          <div
            className="table-scroll"
            tabIndex={0}
            role="region"
            aria-label={t('launch.fit.all', { count: spec.quantizations.length })}
          >
            <table className="table fit-table">
              <thead>
                <tr>
                  <th scope="col">{t('launch.field.quantization')}</th>
                  <th scope="col">{t('launch.fit.column.file')}</th>
                  <th scope="col">{t('launch.fit.column.memory')}</th>
                  <th scope="col">{t('launch.fit.column.fit')}</th>
                </tr>
              </thead>
              <tbody>
                {spec.quantizations.map((entry) => (
                  <tr key={entry.quantization} aria-current={entry === chosen ? 'true' : undefined}>
                    <th scope="row">
                      {entry.quantization}
                      {entry.cached && <span className="fit-cached"> · {t('launch.fit.cachedMark')}</span>}
                    </th>
                    <td>{fileOf(entry)}</td>
                    <td>{memoryOf(entry)}</td>
                    <td>{t(GRADE_LABEL[entry.fit])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Disclosure>
      )}
      <p className="fit-note">
        {t('launch.fit.estimate', { sequences: fit.n_parallel, tokens: fit.context_length })}
      </p>
    </section>
  )
}
