import type { RunningModel } from '@serving-console/contract'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { Checkbox } from '../../../components/checkbox'
import { Notice } from '../../../components/notice'
import { ProgressBar } from '../../../components/progress-bar'
import { TextField } from '../../../components/text-field'
import { useT } from '../../../i18n/react'
import { useRerank } from '../api/try-model'
import { linesOf, MAX_LINES } from '../model/lines'
import { RequestCode } from './request-code'

/** Top n: empty for all, else a whole number from 1 to the number of documents. */
function topNError(value: string, documents: number): boolean {
  if (value.trim() === '') return false
  const n = Number(value)
  return !Number.isInteger(n) || n < 1 || n > Math.max(1, documents)
}

/**
 * Rerank: a query and documents in (one a line), the documents in the model's order with their scores as bars,
 * top n and whether the documents come back in the answer; its time.
 */
export function RerankPlayground({ row }: { row: RunningModel }) {
  const t = useT()
  // A sample in the language shown: a query and three documents, one off the subject.
  const [query, setQuery] = useState(() => t('playground.sample.query'))
  const [text, setText] = useState(() => t('playground.sample.documents'))
  const [topN, setTopN] = useState('')
  const [returnDocuments, setReturnDocuments] = useState(true)
  const rerank = useRerank()
  const documents = linesOf(text)
  const badTopN = topNError(topN, documents.length)
  const request = {
    path: '/v1/rerank' as const,
    body: {
      model: row.id,
      query,
      documents,
      ...(topN.trim() ? { top_n: Number(topN) } : {}),
      return_documents: returnDocuments,
    },
  }
  const result = rerank.data
  const sent = rerank.variables?.documents ?? []
  const scores = (result?.answer.results ?? []).map((item) => item.relevance_score)
  const low = Math.min(0, ...scores)
  const high = Math.max(...scores, 0)
  const share = (score: number) => (high > low ? Math.round(((score - low) / (high - low)) * 100) : 0)
  return (
    <>
      <section className="surface playground-section" aria-labelledby="playground-try-title">
        <h2 id="playground-try-title">{t('playground.try')}</h2>
        <TextField label={t('playground.rerank.query')} value={query} onChange={setQuery} />
        <TextField
          label={t('playground.rerank.documents')}
          helperText={t('playground.linesHelp', { max: MAX_LINES })}
          multiline
          rows={5}
          value={text}
          onChange={setText}
        />
        <div className="playground-options">
          <TextField
            label={t('playground.rerank.topN')}
            helperText={
              badTopN
                ? t('playground.rerank.topNError', { max: documents.length })
                : t('playground.rerank.topNHelp')
            }
            error={badTopN}
            inputMode="numeric"
            value={topN}
            onChange={setTopN}
          />
          <Checkbox
            label={t('playground.rerank.returnDocuments')}
            checked={returnDocuments}
            onChange={setReturnDocuments}
          />
        </div>
        <div className="playground-actions">
          <Button
            variant="contained"
            loading={rerank.isPending}
            disabled={!query.trim() || documents.length === 0 || documents.length > MAX_LINES || badTopN}
            onClick={() => rerank.mutate(request.body)}
          >
            {t('playground.rerank.run')}
          </Button>
        </div>
        {rerank.isError && (
          <Notice severity="error" role="alert" title={t('playground.failed')}>
            {rerank.error.message}
          </Notice>
        )}
      </section>
      {result && (
        <section className="surface playground-section" aria-labelledby="playground-answer-title">
          <h2 id="playground-answer-title">{t('playground.answer')}</h2>
          <p role="status">
            {t('playground.rerank.figures', {
              count: result.answer.results.length,
              ms: Math.round(result.ms),
            })}
          </p>
          <ol className="playground-ranking" aria-label={t('playground.rerank.order')}>
            {result.answer.results.map((item) => {
              const document = item.document?.text ?? sent[item.index] ?? ''
              return (
                <li key={item.index}>
                  <span className="playground-ranking-text">
                    <span className="muted">{`#${item.index + 1}`}</span> {document}
                  </span>
                  <span className="playground-ranking-score">{item.relevance_score.toFixed(4)}</span>
                  <ProgressBar
                    label={t('playground.rerank.score', { index: item.index + 1 })}
                    percent={share(item.relevance_score)}
                  />
                </li>
              )
            })}
          </ol>
        </section>
      )}
      <RequestCode row={row} request={request} />
    </>
  )
}
