import { api, type EmbeddingRequest, type RerankRequest } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { sendRoute } from '../../../lib/api-query'

/** An answer with the time it took, from the request sent to the whole answer read (what the user waited). */
export interface Timed<T> {
  answer: T
  ms: number
}

async function timed<T>(call: () => Promise<T>): Promise<Timed<T>> {
  const started = performance.now()
  const answer = await call()
  return { answer, ms: performance.now() - started }
}

/** `POST /api/v1/embeddings` (upstream's `/v1/embeddings`): the playground says a failure itself. */
export const useEmbed = () =>
  useMutation({
    mutationFn: (body: EmbeddingRequest) =>
      timed(() => sendRoute(api.createEmbedding, { params: undefined, body })),
    meta: { silent: true },
  })

/** `POST /api/v1/rerank` (upstream's `/v1/rerank`): the playground says a failure itself. */
export const useRerank = () =>
  useMutation({
    mutationFn: (body: RerankRequest) =>
      timed(() => sendRoute(api.rerankDocuments, { params: undefined, body })),
    meta: { silent: true },
  })
