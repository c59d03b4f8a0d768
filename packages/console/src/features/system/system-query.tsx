import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Spinner } from '../../components/spinner'
import { useT } from '../../i18n/react'
import { SystemLoadError } from './permission-notice'

interface SystemQueryProps<T> {
  query: UseQueryResult<T>
  /** The title of the failure shown in place of the data. */
  loadError: string
  /** What stands in place of data that has nothing to show; omitted where the data always shows. */
  empty?: string
  /** Whether the data has nothing to show; by default, whether it is an empty list. */
  isEmpty?: (data: T) => boolean
  children: (data: T) => ReactNode
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0

/** What a System read shows: its failure, a spinner while it loads, the empty text where there is nothing, else the data. */
export function SystemQuery<T>({
  query,
  loadError,
  empty,
  isEmpty = isEmptyList,
  children,
}: SystemQueryProps<T>) {
  const t = useT()
  if (query.isError)
    return <SystemLoadError title={loadError} error={query.error} onRetry={() => void query.refetch()} />
  if (!query.data) return <Spinner label={t('common.loading')} />
  if (empty !== undefined && isEmpty(query.data)) return <p className="muted">{empty}</p>
  return <>{children(query.data)}</>
}
