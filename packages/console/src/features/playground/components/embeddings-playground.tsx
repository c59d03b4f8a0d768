import type { RunningModel } from '@serving-console/contract'
import { useState, type CSSProperties } from 'react'
import { Button } from '../../../components/button'
import { CopyButton } from '../../../components/copy-button'
import { Notice } from '../../../components/notice'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import { useEmbed } from '../api/try-model'
import { cosineMatrix } from '../model/cosine'
import { linesOf, MAX_LINES } from '../model/lines'
import { RequestCode } from './request-code'

/**
 * Embeddings: texts in (one a line), their vectors' similarity to one another (cosine) as a heat map, the vectors'
 * size, usage and time; the vectors to copy as JSON.
 */
export function EmbeddingsPlayground({ row }: { row: RunningModel }) {
  const t = useT()
  // Sample texts in the language shown, one a line: two alike and one apart, so the heat map shows something.
  const [texts, setTexts] = useState(() => t('playground.sample.texts'))
  const embed = useEmbed()
  const input = linesOf(texts)
  const request = { path: '/v1/embeddings' as const, body: { model: row.id, input } }
  const result = embed.data
  const vectors = (result?.answer.data ?? [])
    .slice()
    .sort((a, b) => a.index - b.index)
    .map((item) => (Array.isArray(item.embedding) ? item.embedding : []))
  const sent = embed.variables?.input
  const labels = Array.isArray(sent) ? sent : []
  const matrix = cosineMatrix(vectors)
  return (
    <>
      <section className="surface playground-section" aria-labelledby="playground-try-title">
        <h2 id="playground-try-title">{t('playground.try')}</h2>
        <TextField
          label={t('playground.embed.texts')}
          helperText={t('playground.linesHelp', { max: MAX_LINES })}
          multiline
          rows={5}
          value={texts}
          onChange={setTexts}
        />
        <div className="playground-actions">
          <Button
            variant="contained"
            loading={embed.isPending}
            disabled={input.length === 0 || input.length > MAX_LINES}
            onClick={() => embed.mutate(request.body)}
          >
            {t('playground.embed.run')}
          </Button>
        </div>
        {embed.isError && (
          <Notice severity="error" role="alert" title={t('playground.failed')}>
            {embed.error.message}
          </Notice>
        )}
      </section>
      {result && (
        <section className="surface playground-section" aria-labelledby="playground-answer-title">
          <h2 id="playground-answer-title">{t('playground.answer')}</h2>
          <p role="status">
            {t('playground.embed.figures', {
              count: vectors.length,
              dimensions: vectors[0]?.length ?? 0,
              tokens: result.answer.usage.total_tokens,
              ms: Math.round(result.ms),
            })}
          </p>
          <div className="table-scroll" role="group" aria-label={t('playground.embed.heatMap')} tabIndex={0}>
            <table className="table playground-heat-map">
              <caption>{t('playground.embed.heatMapCaption')}</caption>
              <thead>
                <tr>
                  <td />
                  {labels.map((_, column) => (
                    <th key={column} scope="col">
                      {`#${column + 1}`}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {matrix.map((cells, rowIndex) => (
                  <tr key={rowIndex}>
                    <th scope="row" className="playground-heat-label" title={labels[rowIndex]}>
                      {`#${rowIndex + 1} ${labels[rowIndex] ?? ''}`}
                    </th>
                    {cells.map((value, column) => (
                      <td
                        key={column}
                        className="playground-heat-cell"
                        style={{ '--heat': String(Math.max(0, value)) } as CSSProperties}
                      >
                        {value.toFixed(3)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="playground-actions">
            <CopyButton text={JSON.stringify(vectors)} label={t('playground.embed.copyVectors')} />
          </div>
        </section>
      )}
      <RequestCode row={row} request={request} />
    </>
  )
}
