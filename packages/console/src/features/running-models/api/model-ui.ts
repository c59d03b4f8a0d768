import { api, type RunningModel } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { api as client, ApiError } from '../../../lib/api-client'
import { sendRoute, urlOf } from '../../../lib/api-query'

/** The body of SPEC §7's create-UI call for a row: LLM or image. */
function createBody(row: RunningModel) {
  if (row.model_type === 'image') {
    return {
      model_type: row.model_type,
      model_family: row.model_family ?? null,
      model_id: row.id,
      controlnet: row.controlnet ?? null,
      model_revision: row.model_revision ?? null,
      model_name: row.model_name,
    }
  }
  return {
    model_type: row.model_type,
    model_name: row.model_family ?? row.model_name,
    model_size_in_billions: row.model_size_in_billions ?? null,
    model_format: row.model_format ?? null,
    quantization: row.quantization ?? null,
    context_length: row.context_length ?? null,
    model_ability: row.model_ability ?? null,
    model_description: row.model_description ?? null,
    model_lang: row.model_lang ?? null,
  }
}

/**
 * SPEC §4 "Launch Web UI": HEAD `{endpoint}/{uid}`; on 404 create the UI, then answer its address. Any other
 * failure is thrown for the caller to log.
 */
export async function ensureModelUi(row: RunningModel, endPoint: string): Promise<string> {
  const page = urlOf(api.getModelUi, { model_uid: row.id })
  try {
    await client.head(page)
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error
    const create = row.model_type === 'image' ? api.createImageUi : api.createLlmUi
    // Taken as it comes: what upstream's versions answer differs, and only the page's address matters.
    await sendRoute(create, { params: { model_uid: row.id }, body: createBody(row) }, { unchecked: true })
  }
  return `${endPoint}${page}`
}

/**
 * Launch Web UI as SPEC §4 has it, the calling flag on meanwhile. A failure is shown, not only logged as SPEC §8
 * has it: a UI that cannot be opened must say why (the server says which, e.g. a cluster with no image UIs).
 */
export const useOpenModelUi = (endPoint: string) =>
  useMutation({
    mutationFn: (row: RunningModel) => ensureModelUi(row, endPoint),
    meta: { callsApi: true },
  })
