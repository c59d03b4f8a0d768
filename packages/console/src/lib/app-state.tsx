import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import { apiBase } from './api-client'

/** The shared application state of SPEC §3: two busy flags, the API base and the toast message. */
export interface AppState {
  isCallingApi: boolean
  setIsCallingApi: (value: boolean) => void
  isUpdatingModel: boolean
  setIsUpdatingModel: (value: boolean) => void
  endPoint: string
  errorMsg: string
  setErrorMsg: (message: string) => void
}

const AppStateContext = createContext<AppState | null>(null)

export function AppStateProvider({
  children,
  initialErrorMsg = '',
}: {
  children: ReactNode
  initialErrorMsg?: string
}) {
  const [isCallingApi, setIsCallingApi] = useState(false)
  const [isUpdatingModel, setIsUpdatingModel] = useState(false)
  const [errorMsg, setErrorMsg] = useState(initialErrorMsg)
  const [endPoint] = useState(() => apiBase())
  const value = useMemo(
    () => ({
      isCallingApi,
      setIsCallingApi,
      isUpdatingModel,
      setIsUpdatingModel,
      endPoint,
      errorMsg,
      setErrorMsg,
    }),
    [isCallingApi, isUpdatingModel, endPoint, errorMsg],
  )
  return <AppStateContext value={value}>{children}</AppStateContext>
}

export function useAppState(): AppState {
  const state = useContext(AppStateContext)
  if (!state) throw new Error('useAppState needs an AppStateProvider')
  return state
}
