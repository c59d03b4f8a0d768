import { COLOR_SCHEME_KEY, isLocale, LANGUAGE_KEY, type Locale } from '@serving-console/contract'

/**
 * Every browser-storage key of SPEC §3, in one place. Nothing else touches sessionStorage, localStorage or the
 * token cookie directly, so a key in SPEC greps straight to here.
 */

/** Session storage keys (SPEC §3). */
export type SessionKey =
  | 'token'
  | 'modelType'
  | 'subType'
  | 'lastActiveUrl'
  | 'runningModelType'
  | 'registerModelType'
  | 'customJsonData'
  // Beyond SPEC: the refresh token Xinference v3 hands out with the access token.
  | 'refreshToken'

export const session = {
  get(key: SessionKey): string | null {
    return sessionStorage.getItem(key)
  },
  set(key: SessionKey, value: string): void {
    sessionStorage.setItem(key, value)
  },
  remove(...keys: SessionKey[]): void {
    for (const key of keys) sessionStorage.removeItem(key)
  },
}

/** The sections whose last-used path the side navigation remembers (SPEC §2). */
export type Section = 'launch_model' | 'running_models' | 'register_model'

/**
 * The token cookie as this task last read or wrote it. A read of `document.cookie` is a question to the browser
 * (a first visit reads it ~100 times before its first card, once per request's Authorization header and per
 * screen's token check: ~33 ms of its main thread by CPU profile, bench/README.md 2026-11-30), so a task reads it
 * once. Another tab's sign-in or sign-out is seen from the next task on.
 */
let known: { value: string | undefined } | null = null

function remember(value: string | undefined): string | undefined {
  if (known === null) setTimeout(() => (known = null))
  known = { value }
  return value
}

/** The `token` cookie: an access token, 'no_auth' when the server needs no sign-in, or 'need_auth'. */
export const tokenCookie = {
  get(): string | undefined {
    if (known) return known.value
    for (const part of document.cookie.split('; ')) {
      const [name, ...value] = part.split('=')
      if (name === 'token') return remember(decodeURIComponent(value.join('=')))
    }
    return remember(undefined)
  },
  set(value: string): void {
    document.cookie = `token=${encodeURIComponent(value)}; path=/; SameSite=Strict`
    remember(value)
  },
  remove(): void {
    document.cookie = 'token=; path=/; max-age=0; SameSite=Strict'
    remember(undefined)
  },
}

export type AuthStatus = '401' | '403'

/** Local storage `authStatus`: the last 401/403 the API client saw, until the auth dialog is confirmed. */
export const authStatusStore = {
  get(): AuthStatus | null {
    const value = localStorage.getItem('authStatus')
    return value === '401' || value === '403' ? value : null
  },
  set(value: AuthStatus): void {
    localStorage.setItem('authStatus', value)
  },
  clear(): void {
    localStorage.removeItem('authStatus')
  },
}

/** Reads a JSON value written by this module; a damaged value reads as the fallback instead of crashing a page. */
export function readJson<T>(
  storage: Storage,
  key: string,
  guard: (value: unknown) => value is T,
  fallback: T,
): T {
  const raw = storage.getItem(key)
  if (raw === null) return fallback
  try {
    const value: unknown = JSON.parse(raw)
    return guard(value) ? value : fallback
  } catch {
    return fallback
  }
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')

/** Local storage `collectionArr`: names of favourite models. */
export const favoritesStore = {
  get(): string[] {
    return readJson(localStorage, 'collectionArr', isStringArray, [])
  },
  set(names: string[]): void {
    localStorage.setItem('collectionArr', JSON.stringify(names))
  },
}

const isNumberRecord = (value: unknown): value is Record<string, number> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((item) => typeof item === 'number')

/**
 * Beyond SPEC, local storage `dismissedOperations`: the finished operations put out of the operations tray, each
 * by its key (`download:{cache_uid}`, `launch:{model_uid}`) with the time it had then (a download's `updated_at`, a
 * model's `created`: one that changes again comes back). The newest 100 are kept.
 */
export const dismissedOperationsStore = {
  get(): Record<string, number> {
    return readJson(localStorage, 'dismissedOperations', isNumberRecord, {})
  },
  add(key: string, at: number): void {
    const kept = Object.entries({ ...this.get(), [key]: at })
      .sort(([, a], [, b]) => b - a)
      .slice(0, 100)
    localStorage.setItem('dismissedOperations', JSON.stringify(Object.fromEntries(kept)))
  },
}

const isRecordArray = (value: unknown): value is Record<string, unknown>[] =>
  Array.isArray(value) &&
  value.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))

/** Local storage `historyArr`: the last launch payload of each model, by model_name. */
export const historyStore = {
  all(): Record<string, unknown>[] {
    return readJson(localStorage, 'historyArr', isRecordArray, [])
  },
  get(modelName: string): Record<string, unknown> | undefined {
    return this.all().find((entry) => entry.model_name === modelName)
  },
  save(payload: Record<string, unknown>): void {
    const rest = this.all().filter((entry) => entry.model_name !== payload.model_name)
    localStorage.setItem('historyArr', JSON.stringify([...rest, payload]))
  },
  remove(modelName: string): void {
    localStorage.setItem(
      'historyArr',
      JSON.stringify(this.all().filter((entry) => entry.model_name !== modelName)),
    )
  },
}

/** Session storage `customJsonData`: the custom model being edited (SPEC §2, Register Model edit mode). */
export const customJsonStore = {
  get(): Record<string, unknown> | null {
    return readJson(
      sessionStorage,
      'customJsonData',
      (value): value is Record<string, unknown> | null =>
        value === null || (typeof value === 'object' && !Array.isArray(value)),
      null,
    )
  },
  set(model: Record<string, unknown>): void {
    sessionStorage.setItem('customJsonData', JSON.stringify(model))
  },
}

/**
 * Beyond SPEC: the colour scheme a person chose in the header (local storage `colorScheme`, shared with the chat
 * page's script, which reads it before the first paint); none means the system's.
 */
export const colorSchemeStore = {
  get(): 'light' | 'dark' | null {
    const value = localStorage.getItem(COLOR_SCHEME_KEY)
    return value === 'light' || value === 'dark' ? value : null
  },
  set(value: 'light' | 'dark' | null): void {
    if (value === null) localStorage.removeItem(COLOR_SCHEME_KEY)
    else localStorage.setItem(COLOR_SCHEME_KEY, value)
  },
}

/**
 * Beyond SPEC: the language a person chose in the header (local storage `language`, read by the chat page too);
 * none means the browser's. A cookie of the same name tells the server which language's page to send, whose first
 * screen is in its HTML (app/shell/prerendered-shell.ts).
 */
export const languageStore = {
  get(): Locale | null {
    const value = localStorage.getItem(LANGUAGE_KEY)
    return isLocale(value) ? value : null
  },
  set(value: Locale): void {
    localStorage.setItem(LANGUAGE_KEY, value)
    document.cookie = `${LANGUAGE_KEY}=${value}; path=/; max-age=${String(365 * 24 * 3600)}; SameSite=Lax`
  },
}

/**
 * Beyond SPEC: the cluster Launch Model and Register Model last worked on (local storage `targetCluster`,
 * docs/clusters.md); none means this server's own platform.
 */
export const targetClusterStore = {
  get(): string | null {
    return localStorage.getItem('targetCluster')
  },
  set(value: string | null): void {
    if (value === null) localStorage.removeItem('targetCluster')
    else localStorage.setItem('targetCluster', value)
  },
}
