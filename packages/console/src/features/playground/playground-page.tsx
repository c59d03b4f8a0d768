import type { RunningModel } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { LoadError } from '../../components/load-error'
import { Notice } from '../../components/notice'
import { PageHeader } from '../../components/page-header'
import { Spinner } from '../../components/spinner'
import { useT } from '../../i18n/react'
import { mayOpen } from '../../lib/auth'
import { routes } from '../../lib/routes'
import { runningModelsQuery } from '../../lib/running-models'
import { tokenCookie } from '../../lib/storage'
import { BenchmarkSection } from './components/benchmark-section'
import { ChatPlayground } from './components/chat-playground'
import { EmbeddingsPlayground } from './components/embeddings-playground'
import { RerankPlayground } from './components/rerank-playground'
import './playground.css'

/** A playground for each of `PLAYGROUND_KINDS` (lib/playgrounds.ts); the others have their Web UI (image) or none yet. */
const PLAYGROUNDS: Partial<
  Record<string, (props: { row: RunningModel; models: RunningModel[] }) => ReactNode>
> = {
  LLM: ChatPlayground,
  embedding: EmbeddingsPlayground,
  rerank: RerankPlayground,
}

/**
 * `#/playground/{model_uid}`: try a running model (docs/playgrounds.md) — chat (compared with a second model),
 * embeddings (their similarity as a heat map) or rerank (the documents in order with their scores) — with the
 * exact request as code and the answer's usage and time; and, for an administrator on the platform, its benchmark.
 */
export function PlaygroundPage() {
  const t = useT()
  const { modelUid = '' } = useParams()
  const models = useQuery(runningModelsQuery(tokenCookie.get()))
  const row = models.data?.find((model) => model.id === modelUid)
  const Playground = row ? PLAYGROUNDS[row.model_type] : undefined
  // The server runs benchmarks, the platform's of its models and the gateway's of the cluster's, for an
  // administrator (load on a shared server: docs/benchmarks.md).
  const benchmarks = mayOpen(['admin'])
  return (
    <>
      <PageHeader title={t('playground.title', { uid: modelUid })} />
      <p className="playground-back">
        <Link to={routes.runningModels.href(row?.model_type ?? 'LLM')}>{t('playground.back')}</Link>
      </p>
      {models.isError ? (
        <LoadError
          title={t('playground.loadError')}
          error={models.error}
          onRetry={() => void models.refetch()}
        />
      ) : !models.data ? (
        <Spinner label={t('common.loading')} />
      ) : !row ? (
        <Notice severity="warning" title={t('playground.gone.title')}>
          {t('playground.gone.text', { uid: modelUid })}
        </Notice>
      ) : Playground ? (
        <>
          <Playground row={row} models={models.data} />
          {benchmarks && (row.model_type === 'LLM' || row.model_type === 'embedding') && (
            <BenchmarkSection row={row} />
          )}
        </>
      ) : (
        <Notice severity="info" title={t('playground.none.title')}>
          {t('playground.none.text', { kind: row.model_type })}
        </Notice>
      )}
    </>
  )
}
