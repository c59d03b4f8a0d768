import { useEffect, useReducer } from 'react'

/** The chunk of a screen's heavier part (a data grid, a form's fields), and what it holds once here. */
export interface LaterChunk<T> {
  /** Asks for it, once; settles when it has arrived or failed. */
  load: () => Promise<void>
  value?: T
  failure?: { error: unknown }
}

/**
 * A screen draws its heavier part once its chunk is here (`useLaterChunk`), and a plain stand-in until then, so the
 * build can prerender the screen (app/shell/prerender.tsx); app/screens.ts asks for the chunk beside the screen's
 * own (`preload`). While the build prerenders (where `import.meta.env.SSR` is true) none arrives: each screen is
 * drawn as a first visit shows it before then, and no import is left in flight when the build's module runner
 * closes.
 */
export function laterChunk<T>(importChunk: () => Promise<T>): LaterChunk<T> {
  let loading: Promise<void> | undefined
  const chunk: LaterChunk<T> = {
    load: () =>
      (loading ??= import.meta.env.SSR
        ? new Promise<void>(() => undefined)
        : importChunk().then(
            (value) => void (chunk.value = value),
            (error: unknown) => void (chunk.failure = { error }),
          )),
  }
  return chunk
}

/**
 * Asks for `chunk` unless it is here, and renders the component again once it arrives (`chunk.value`); a chunk that
 * could not be had goes to the error boundary. Not React.lazy with Suspense, for the reason app/router.tsx's
 * `ScreenPage` gives: React keeps a fallback it has shown for at least 300 ms, even when the code arrives sooner.
 */
export function useLaterChunk(chunk: LaterChunk<unknown>): void {
  const [, settled] = useReducer((count: number) => count + 1, 0)
  const { value, failure } = chunk // read once: what this render shows
  const rendered = value !== undefined || failure !== undefined
  useEffect(() => {
    if (!rendered) void chunk.load().then(settled)
  }, [chunk, rendered])
  if (failure) throw failure.error
}
