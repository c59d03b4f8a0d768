import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { testApp } from './helper.js'
import { fillTheLine, launch } from './runtime-helper.js'

// Real worker processes: an embedding or rerank replica answers as many requests at once as it has places
// (n_parallel), each on its own context, with the same admission as chat.

const TEXTS = Array.from({ length: 400 }, (_, i) => `passage ${i} says the cat sat on the mat near the water`)

const post = (app: FastifyInstance, url: string, payload: object) =>
  app.inject({ method: 'POST', url, payload }).then((response) => {
    expect(response.statusCode, response.body).toBe(200)
    // A rerank answer's `id` is new each time; the rest is the answer.
    const { id: _id, ...answer } = response.json<Record<string, unknown>>()
    return answer
  })

/**
 * Sends a long request, then a short one while it is evaluated, on a replica with two places: the short one's
 * answer comes while the long one is still being evaluated (one request at a time, it would come after). Then
 * asks each alone, one after the other: the answers given together are the same.
 */
async function overlapAndCompare(app: FastifyInstance, url: string, long: object, short: object) {
  let longEnded = false
  const longAnswer = post(app, url, long).finally(() => (longEnded = true))
  const shortAnswer = await post(app, url, short)
  expect(longEnded).toBe(false)
  const together = [await longAnswer, shortAnswer]
  const alone = [await post(app, url, long), await post(app, url, short)]
  expect(together).toEqual(alone)
}

describe('embeddings and rerank, several requests at once on one replica', () => {
  it(
    'evaluates a short embedding request while a long one is evaluated, with the same vectors',
    {
      timeout: 60_000,
    },
    async () => {
      const app = await testApp()
      expect(
        (await launch(app, { model_name: 'tiny-embedding', model_type: 'embedding', n_parallel: 2 }))
          .statusCode,
      ).toBe(200)
      await overlapAndCompare(
        app,
        '/v1/embeddings',
        { model: 'tiny-embedding', input: TEXTS },
        { model: 'tiny-embedding', input: ['the cat sat on the mat'] },
      )
    },
  )

  it(
    'ranks a short rerank request while a long one is ranked, with the same scores',
    { timeout: 60_000 },
    async () => {
      const app = await testApp()
      expect(
        (await launch(app, { model_name: 'tiny-rerank', model_type: 'rerank', n_parallel: 2 })).statusCode,
      ).toBe(200)
      await overlapAndCompare(
        app,
        '/v1/rerank',
        { model: 'tiny-rerank', query: 'water', documents: TEXTS },
        { model: 'tiny-rerank', query: 'water', documents: ['a', 'b c', 'd'] },
      )
    },
  )

  it(
    'admits n_parallel requests and a bounded queue, then answers 429 with Retry-After',
    {
      timeout: 30_000,
    },
    async () => {
      const app = await testApp()
      await launch(app, { model_name: 'tiny-embedding', model_type: 'embedding', n_parallel: 3 })
      const model = app.platform.models.get('tiny-embedding')
      const { admitted, refusal } = await fillTheLine(model, 3)
      expect(refusal).toMatchObject({ statusCode: 429, headers: { 'retry-after': '1' } })
      for (const place of admitted) place.release()
      // Places given back, the line has room again, and the replica still answers.
      expect(() => model.acquire().release()).not.toThrow()
      const answer = await post(app, '/v1/embeddings', { model: 'tiny-embedding', input: 'water' })
      expect(answer).toMatchObject({ data: [{ index: 0 }] })
    },
  )
})
