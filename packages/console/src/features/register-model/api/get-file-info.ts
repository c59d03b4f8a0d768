import { apiPaths, GgufFileInfo } from '@serving-console/contract'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/**
 * 'Fill from file': `GET /api/v1/models/file_info?path=` reads a GGUF file's header on the server (context length,
 * size, quantization, vector width). A path the server refuses says why in the toast.
 */
export const useFileInfo = () =>
  useMutation({
    mutationFn: (path: string) => api.get(apiPaths.fileInfo(path), { schema: GgufFileInfo }),
  })
