import { registrationsKey } from '../../../lib/query-keys'

export const registerKeys = {
  families: ['models', 'families'] as const,
  prompts: ['models', 'prompts'] as const,
  registration: (type: string, modelName: string) => [...registrationsKey, type, 'one', modelName] as const,
}
