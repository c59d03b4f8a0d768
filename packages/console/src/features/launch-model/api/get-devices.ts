import { apiPaths, DeviceCount } from '@serving-console/contract'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { launchKeys } from './keys'

/** `GET /api/v1/cluster/devices`: the GPU count (a bare integer), asked when Launch opens for a signed-in user. */
export const devicesQuery = queryOptions({
  queryKey: launchKeys.devices,
  queryFn: ({ signal }) => api.get(apiPaths.clusterDevices, { schema: DeviceCount, signal }),
  staleTime: 60_000,
  // Only the device choices depend on it: a failure must not hide the catalogue's.
  meta: { background: true },
})
