import { clusterModelName, type RunningModel } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { ClusterTroubles } from '../../components/cluster-troubles'
import { LoadError } from '../../components/load-error'
import { Notice } from '../../components/notice'
import { PageHeader } from '../../components/page-header'
import { Spinner } from '../../components/spinner'
import { useT } from '../../i18n/react'
import { mayOpen } from '../../lib/auth'
import { clusterStatesQuery, listedName, type ListedModel } from '../../lib/clusters'
import { useListedModels } from '../../lib/listed-models'
import { routes } from '../../lib/routes'
import { serverFeaturesQuery } from '../../lib/server-features'
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

/** A listed model as clients reach it here (`cluster/uid` for a cluster's): what the playgrounds send and show. */
const asReached = (row: ListedModel): RunningModel => ({ ...row, id: listedName(row) })

/**
 * `#/playground/{model_uid}`: try a running model (docs/playgrounds.md) — chat (compared with a second model),
 * embeddings (their similarity as a heat map) or rerank (the documents in order with their scores) — with the
 * exact request as code and the answer's usage and time; and, for an administrator on the platform, its benchmark.
 * A cluster's model is tried as clients reach it here, `cluster/uid`, and compared with any model this console
 * lists, on this server or a cluster (docs/clusters.md).
 */
export function PlaygroundPage() {
  const t = useT()
  const { modelUid = '' } = useParams()
  const { own, rows, troubles, asking } = useListedModels(tokenCookie.get())
  // Which clusters there are is known once the server's features (a platform holds them) and their states are in.
  const features = useQuery(serverFeaturesQuery)
  const states = useQuery(clusterStatesQuery)
  const listed = rows?.find((model) => listedName(model) === modelUid)
  const named = clusterModelName(modelUid)
  // A cluster's model waits for the clusters and that cluster's list before it is said gone.
  const listing =
    !rows || (!listed && named && (features.isPending || states.isPending || asking.includes(named.cluster)))
  const trouble = named && troubles.find((one) => one.cluster === named.cluster)
  const row = listed && asReached(listed)
  // What it may be compared with: every model listed now, here or on a cluster that answers.
  const comparable = (rows ?? []).filter((model) => !model.unanswered).map(asReached)
  const Playground = row ? PLAYGROUNDS[row.model_type] : undefined
  // The server runs benchmarks of the models it reaches — the platform's own and its clusters' (`cluster/uid`), the
  // gateway's cluster's — for an administrator (load on a shared server: docs/benchmarks.md).
  const benchmarks = mayOpen(['admin'])
  return (
    <>
      <PageHeader title={t('playground.title', { uid: modelUid })} />
      <p className="playground-back">
        <Link to={routes.runningModels.href(row?.model_type ?? 'LLM')}>{t('playground.back')}</Link>
      </p>
      {trouble && <ClusterTroubles troubles={[trouble]} />}
      {own.isError ? (
        <LoadError title={t('playground.loadError')} error={own.error} onRetry={() => void own.refetch()} />
      ) : listing ? (
        <Spinner label={t('common.loading')} />
      ) : !row ? (
        // A cluster that does not answer says so above; the model may still run there.
        !trouble && (
          <Notice severity="warning" title={t('playground.gone.title')}>
            {t('playground.gone.text', { uid: modelUid })}
          </Notice>
        )
      ) : Playground ? (
        <>
          <Playground row={row} models={comparable} />
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
