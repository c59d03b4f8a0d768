import type { LaunchRequest, ModelFit } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { useT } from '../../../i18n/react'
import { formatBytes } from '../../../lib/format'
import { useServerFeature } from '../../../lib/server-features'
import { useCluster } from '../../../lib/cluster-scope'
import { fitQueryString, modelFitQuery } from '../api/get-fit'
import { chosenQuantization, chosenSpec, HUB_NAME } from '../model/fit'
import type { LaunchForm, LaunchKind } from '../model/launch-form'

/**
 * Will the drawer's launch fit, and can its file be had: the platform's estimate (null on a server without it),
 * asked again as the choices change, and what LAUNCH should ask about first — it will not fit, or its download
 * cannot start — or null.
 */
export function useLaunchFit(
  kind: LaunchKind,
  modelName: string,
  form: Pick<LaunchForm, 'format' | 'size' | 'quantization'>,
  payload: LaunchRequest,
): { fit: ModelFit | null; withFit: boolean; warning: string | null } {
  const t = useT()
  const withFit = useServerFeature('model_fit')
  const query = useQuery(modelFitQuery(kind, modelName, fitQueryString(payload), withFit, useCluster()))
  const fit = withFit ? (query.data ?? null) : null
  const chosen = fit
    ? chosenQuantization(chosenSpec(fit, form.format, form.size), form.quantization)
    : undefined
  const hub = fit?.hub
  const warning =
    chosen?.fit === 'no' && chosen.memory_bytes !== null && fit
      ? t('launch.fit.confirm.noFit', {
          memory: formatBytes(chosen.memory_bytes),
          free: formatBytes(fit.target.free_bytes),
          where: t(fit.target.device === 'gpu' ? 'launch.fit.target.gpu' : 'launch.fit.target.cpu'),
        })
      : chosen && !chosen.cached && chosen.file_bytes_source !== 'cache' && hub?.reachable === false
        ? t('launch.fit.confirm.unreachable', { hub: HUB_NAME[hub.hub] ?? hub.hub, detail: hub.detail ?? '' })
        : null
  return { fit, withFit, warning }
}
