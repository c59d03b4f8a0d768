/** Hub base addresses; overridable as HF_ENDPOINT is for huggingface_hub (tests point them at a local server). */
export interface HubEndpoints {
  huggingface: string
  modelscope: string
}

export type Hub = 'huggingface' | 'modelscope'

/** The download address of one file of a repository at a revision, in each hub's own URL layout. */
export function fileUrl(
  endpoints: HubEndpoints,
  hub: Hub,
  modelId: string,
  revision: string,
  file: string,
): string {
  const repo = modelId.split('/').map(encodeURIComponent).join('/')
  const path = file.split('/').map(encodeURIComponent).join('/')
  if (hub === 'modelscope') {
    const base = endpoints.modelscope.replace(/\/+$/, '')
    return `${base}/api/v1/models/${repo}/repo?Revision=${encodeURIComponent(revision)}&FilePath=${path}`
  }
  return `${endpoints.huggingface.replace(/\/+$/, '')}/${repo}/resolve/${encodeURIComponent(revision)}/${path}`
}
