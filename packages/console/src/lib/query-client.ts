import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError, toastMessageFor } from './api-client'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** A failure is only logged (SPEC §8: custom-list loads, cluster fetches). */
      silent?: boolean
      /**
       * Data the screen only adds to what it shows (the GPU count beside the catalogue): its failure never hides
       * the message of the failure that explains what the user sees.
       */
      background?: boolean
    }
    mutationMeta: {
      /** A failure is only logged (SPEC §8: terminate, Launch Web UI). */
      silent?: boolean
      /** Answers that are no failure: 499, the user cancelled what they had started. */
      expected?: readonly number[]
      /**
       * Failures the screen shows itself — under the field they are about (lib/field-errors.ts), or in a panel —
       * so no toast says them twice. Given the failure and what the call was made with.
       */
      shownOnScreen?: (error: unknown, variables: unknown) => boolean
      /** SPEC's wording for every failure of this call, where it has its own (Login). */
      describe?: (error: unknown) => string
      /** SPEC §3's isCallingApi is on while this runs (see app-state.tsx). */
      callsApi?: boolean
      /** SPEC §3's isUpdatingModel is on while this runs. */
      updatesModel?: boolean
    }
  }
}

export type ShowError = (message: string, options?: { background?: boolean }) => void

/**
 * Where the query client's failures go: the error toast. The client exists before React renders (the first
 * screen's requests start while the page's code is still arriving), so a failure told before the toast is mounted
 * waits for it.
 */
export function createToastChannel() {
  let listener: ShowError | null = null
  const waiting: Parameters<ShowError>[] = []
  const show: ShowError = (message, options) => {
    if (listener) listener(message, options)
    else waiting.push([message, options])
  }
  return {
    show,
    listen(next: ShowError): () => void {
      listener = next
      for (const told of waiting.splice(0)) next(...told)
      return () => {
        if (listener === next) listener = null
      }
    },
  }
}
export type ToastChannel = ReturnType<typeof createToastChannel>

/**
 * Server data lives here. Failures reach the toast through `onError` (SPEC §6/§8 decide which), so screens
 * never wire toasts by hand.
 */
export function createQueryClient(showError: ShowError): QueryClient {
  const report = (error: unknown, silent: boolean | undefined, background?: boolean) => {
    if (silent) {
      console.error(error)
      return
    }
    const message = toastMessageFor(error)
    if (message) showError(message, { background })
  }
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => report(error, query.meta?.silent, query.meta?.background),
    }),
    mutationCache: new MutationCache({
      onError: (error, variables, _c, mutation) => {
        const meta = mutation.meta ?? {}
        if (error instanceof ApiError && meta.expected?.includes(error.status)) return
        if (meta.shownOnScreen?.(error, variables)) return
        // A call with its own wording owns all its failures (Login's 401 is a wrong password, worth saying).
        if (meta.describe && !meta.silent) showError(meta.describe(error))
        else report(error, meta.silent)
      },
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
