import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError, toastMessageFor } from './api-client'

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: a failure is only logged (SPEC §8: custom-list loads, cluster fetches). */
    queryMeta: { silent?: boolean }
    mutationMeta: { silent?: boolean }
  }
}

/**
 * Server data lives here. Failures reach the toast through `onError` (SPEC §6/§8 decide which), so screens
 * never wire toasts by hand.
 */
export function createQueryClient(showError: (message: string) => void): QueryClient {
  const report = (error: unknown, silent: boolean | undefined) => {
    if (silent) {
      console.error(error)
      return
    }
    const message = toastMessageFor(error)
    if (message) showError(message)
  }
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta?.silent) }),
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => report(error, mutation.meta?.silent),
    }),
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; a dropped connection might.
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
        refetchOnWindowFocus: false,
      },
    },
  })
}
