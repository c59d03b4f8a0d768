import { useIsMutating } from '@tanstack/react-query'
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import { apiBase } from './api-client'

/** The shared application state of SPEC §3: two busy flags, the API base and the toast message. */
export interface AppState {
  isCallingApi: boolean
  isUpdatingModel: boolean
  endPoint: string
  errorMsg: string
  setErrorMsg: ErrorState['setErrorMsg']
}

interface ErrorState {
  errorMsg: string
  setErrorMsg: (message: string | ((current: string) => string)) => void
}

const ErrorContext = createContext<ErrorState | null>(null)

/** Holds the toast message; the query client reports failures into it (see query-client.ts). */
export function AppStateProvider({
  children,
  initialErrorMsg = '',
}: {
  children: ReactNode
  initialErrorMsg?: string
}) {
  const [errorMsg, setErrorMsg] = useState(initialErrorMsg)
  const value = useMemo(() => ({ errorMsg, setErrorMsg }), [errorMsg])
  return <ErrorContext value={value}>{children}</ErrorContext>
}

/** The toast message alone: for the query client, which sits above the busy flags it feeds. */
export function useErrorMessage(): ErrorState {
  const state = useContext(ErrorContext)
  if (!state) throw new Error('useErrorMessage needs an AppStateProvider')
  return state
}

const endPoint = apiBase()

/**
 * SPEC §3's shared state. Nobody sets the busy flags by hand: they are on while a mutation marked `callsApi`
 * (isCallingApi) or `updatesModel` (isUpdatingModel) in its metadata runs, so they cannot stay stuck.
 */
export function useAppState(): AppState {
  const errors = useErrorMessage()
  const isCallingApi = useIsMutating({ predicate: (mutation) => mutation.meta?.callsApi === true }) > 0
  const isUpdatingModel = useIsMutating({ predicate: (mutation) => mutation.meta?.updatesModel === true }) > 0
  return { isCallingApi, isUpdatingModel, endPoint, ...errors }
}
