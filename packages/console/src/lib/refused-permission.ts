import { neededPermission } from '@serving-console/contract'
import { refusedRequest } from './api-client'

/**
 * What the recorded 403 needed (`models:start`), by the contract's route table (the same scope names as upstream
 * v3's), for the Permission Error dialog to name beside SPEC's text; null when no permission would have helped.
 */
export function refusedPermission(): string | null {
  const request = refusedRequest()
  return request && neededPermission(request.method, request.path)
}
