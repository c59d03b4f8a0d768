import { api } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { ApiError } from '../../../lib/api-client'
import { apiKey, getRoute } from '../../../lib/api-query'

/**
 * `GET /api/v1/models/prompts`: each built-in family's prompt style, copied into a chat model's registration.
 * Asked only when a token is present (SPEC §7). SPEC §8 words its failures.
 */
export const promptsQuery = (enabled: boolean, cluster?: string) =>
  queryOptions({
    queryKey: apiKey(api.getPromptStyles, undefined, undefined, ...(cluster ? [{ cluster }] : [])),
    queryFn: async ({ signal }) => {
      try {
        return await getRoute(api.getPromptStyles, undefined, undefined, { signal, cluster })
      } catch (error) {
        if (error instanceof ApiError || (error instanceof DOMException && error.name === 'AbortError'))
          throw error
        throw new Error(
          error instanceof Error && error.message ? error.message : t('register.error.prompts'),
          { cause: error },
        )
      }
    },
    staleTime: Infinity,
    enabled,
  })
