import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../../lib/query-client'
import { builtinCatalogueHeadQuery, builtinCatalogueQuery } from './catalogue'

// Upstream v1.8's LLM catalogue: 1.05 MiB, long enough to be read from its head.
const catalogue = readFileSync(
  join(
    dirname(fileURLToPath(import.meta.url)),
    '../../../../../../fixtures/xinference-v1.8/llm-detailed.json',
  ),
  'utf8',
)

afterEach(() => vi.unstubAllGlobals())

describe("the built-in catalogue's head", () => {
  it('is read on the first load only: a refetch keeps showing the whole catalogue it has', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(catalogue))),
    )
    const client = createQueryClient(() => undefined)
    const whole = (await client.query(builtinCatalogueQuery('LLM'))) as unknown[]
    const head = client.getQueryData<unknown[]>(builtinCatalogueHeadQuery('LLM').queryKey)
    expect(head?.length).toBeGreaterThan(5)
    expect(head?.length).toBeLessThan(whole.length)

    client.removeQueries({ queryKey: builtinCatalogueHeadQuery('LLM').queryKey, exact: true })
    await client.refetchQueries({ queryKey: builtinCatalogueQuery('LLM').queryKey, exact: true })
    expect(client.getQueryState(builtinCatalogueQuery('LLM').queryKey)?.dataUpdateCount).toBe(2)
    expect(client.getQueryData(builtinCatalogueHeadQuery('LLM').queryKey)).toBeUndefined()
  })
})
