import { describe, expect, it } from 'vitest'
import { promisesJson } from '../src/gateway/json-answers.js'

describe('which forwarded answers the gateway holds to JSON', () => {
  it('every route of the table at upstream’s path, params filled and with or without a query', () => {
    for (const path of [
      '/v1/models',
      '/v1/models/my-llm/progress',
      '/v1/model_registrations/LLM/qwen2.5-instruct',
      '/v1/cluster/info?detailed=true',
      '/v1/admin/keys/3/permissions',
      '/token',
    ]) {
      expect(promisesJson('GET', path), path).toBe(true)
    }
  })

  it('not streams, the CSV export, the metrics, a web UI, or a path outside the table', () => {
    for (const path of [
      '/v1/chat/completions',
      '/v1/completions',
      '/v1/audit/export?format=csv',
      '/metrics',
      '/my-llm',
      '/my-llm/queue/join',
    ]) {
      expect(promisesJson('POST', path), path).toBe(false)
    }
  })

  it('no answer to HEAD or OPTIONS, which carry no JSON', () => {
    expect(promisesJson('HEAD', '/v1/models')).toBe(false)
    expect(promisesJson('OPTIONS', '/v1/models')).toBe(false)
  })
})
