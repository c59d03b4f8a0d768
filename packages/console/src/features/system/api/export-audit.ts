import { api } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { api as client } from '../../../lib/api-client'
import { urlOf } from '../../../lib/api-query'
import { saveFile } from '../../../lib/save-file'

/** The file name the server gives in its Content-Disposition, else one of the console's. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const named = disposition && /filename="?([^";]+)"?/i.exec(disposition)
  return named?.[1] ?? fallback
}

/**
 * `GET /api/v1/audit/export?{query}`: the platform's CSV of what the filters find, through the API client (its
 * token renewal and error model), saved as a download.
 */
export async function exportAudit(query: string): Promise<void> {
  const response = await client.download(urlOf(api.exportAudit, undefined, query), 'text/csv')
  saveFile(await response.blob(), fileNameOf(response.headers.get('content-disposition'), 'audit.csv'))
}

/** Exports as CSV; a failure reaches the toast. */
export const useExportAudit = () => useMutation({ mutationFn: exportAudit })
