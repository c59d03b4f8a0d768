import { apiPaths, GgufFileInfo } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/**
 * 'Fill from file': `GET /api/v1/models/file_info?path=` reads a GGUF file's header on the server (context length,
 * size, quantization, vector width). A path the server refuses is said under the path field (components/path-field.tsx),
 * so no toast says it too.
 */
export const useFileInfo = () =>
  useMutation({
    mutationFn: (path: string) => api.get(apiPaths.fileInfo(path), { schema: GgufFileInfo }),
    meta: { shownOnScreen: () => true },
  })
