import type { ModelType } from '@serving-console/contract'
import type { FamilySpec } from '../catalogue/families.js'
import type { WorkerKind } from './protocol.js'

/**
 * What this platform can run, and why not: the one place the launch plan, the engines answer and the model web
 * UI ask. The embedded runtime is llama.cpp, which serves GGUF language, embedding and rerank models; everything
 * else needs the Python engines of an Xinference cluster.
 */
export const ENGINE = 'llama.cpp'

const WORKER_KINDS: Partial<Record<ModelType, WorkerKind>> = {
  LLM: 'chat',
  embedding: 'embedding',
  rerank: 'rerank',
}

/** Said after the name of what cannot run here. */
export const CLUSTER_ONLY =
  'needs a Python engine that this embedded platform does not have; an Xinference cluster runs it'

/** The worker that serves a kind here, or null when no worker can. */
export function workerKind(type: ModelType): WorkerKind | null {
  return WORKER_KINDS[type] ?? null
}

export function runnableHere(type: ModelType, spec: Pick<FamilySpec, 'model_format'>): boolean {
  return workerKind(type) !== null && spec.model_format === 'ggufv2'
}

/** Upstream's engine for what this platform cannot run, named in the engines answer with the reason. */
export function clusterEngine(type: ModelType): string {
  return type === 'image'
    ? 'diffusers'
    : type === 'embedding' || type === 'rerank'
      ? 'sentence_transformers'
      : 'Transformers'
}

/** Why a running model of this kind has no web UI here, or null when it has one (the chat page). */
export function whyNoWebUi(type: ModelType): string | null {
  if (workerKind(type) === 'chat') return null
  return type === 'image'
    ? `Image models ${CLUSTER_ONLY}`
    : `${type} models have no web UI; it is for language models`
}
