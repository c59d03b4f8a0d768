import type { DownloadRequest } from '@serving-console/contract'
import type { Catalogue } from '../catalogue/catalogue.js'
import { ggufFileName, modelVersion } from '../catalogue/families.js'
import { planLaunch } from '../runtime/launch-plan.js'
import { HttpError } from '../../http/http-error.js'
import type { DownloadPlan } from './download-tasks.js'

/**
 * What a Download only request fetches, chosen as a launch of the same request would choose it (the same 4xx for an
 * unknown model or quantization): one cached model version and its file.
 */
export function planDownload(
  request: DownloadRequest,
  catalogue: Catalogue,
  machine: { address: string; gpuCount: number },
): DownloadPlan {
  const plan = planLaunch(request, catalogue, machine)
  const { family, spec, quantization, hub, isBuiltin } = plan
  if (spec.model_uri)
    throw new HttpError(
      400,
      `${family.model_name} is a custom model whose file is on this machine already: there is nothing to download`,
    )
  const fileName = ggufFileName(spec, quantization)
  if (!fileName)
    throw new HttpError(
      400,
      `${family.model_name} names no file for ${quantization}: there is nothing to download`,
    )
  return {
    cacheUid: modelVersion(family.model_name, spec, quantization),
    fileName,
    files: { family, spec, quantization, hub, isBuiltin },
    model_type: plan.type,
  }
}
