import { describe, expect, it } from 'vitest'
import { TINY_CHAT } from './helper.js'
import { launchedApp } from './runtime-helper.js'

// Real worker processes: a request that gets a free place is answered at once, whatever the other places do.

const PARALLEL = 4
/** Long enough that, unless the late request is served beside them, they all end before it starts. */
const LONG_TOKENS = 2000

const ask = (maxTokens: number, content: string) => ({
  op: 'chat' as const,
  messages: [{ role: 'user' as const, content }],
  params: { max_tokens: maxTokens, temperature: 0 },
})

describe('a late request on a used place', () => {
  it(
    'streams its first token while the long answers on the other places are still streaming',
    { timeout: 120_000 },
    async () => {
      const app = await launchedApp({ ...TINY_CHAT, n_parallel: PARALLEL })
      const model = app.platform.models.get('tiny-chat')
      // One after another, each new conversation takes the place free the longest: every place holds one.
      for (let user = 0; user < PARALLEL; user++) await model.serve(ask(4, `Hello from user ${user}`))

      const events: string[] = []
      const stop = new AbortController()
      let lateStarted = false
      const chunksAfterLate = Array.from({ length: PARALLEL - 1 }, () => 0)
      const began: (() => void)[] = []
      const streaming = chunksAfterLate.map(
        (_, user) => new Promise<void>((resolve) => (began[user] = resolve)),
      )
      const longs = chunksAfterLate.map((_, user) =>
        model
          .serve(ask(LONG_TOKENS, `Tell me a long story, user ${user}`), {
            signal: stop.signal,
            onChunk: () => {
              began[user]?.()
              if (lateStarted) chunksAfterLate[user] = (chunksAfterLate[user] ?? 0) + 1
            },
          })
          .finally(() => events.push(`long answer ${user} ended`)),
      )
      await Promise.all(streaming)

      // The one place left held an earlier conversation, which the engine erases before it can start.
      let first = true
      await model.serve(ask(4, 'A short question'), {
        onChunk: () => {
          if (first) events.push('late first token')
          first = false
          lateStarted = true
        },
      })
      events.push('late answer ended')

      // Before, the erase waited until no sequence was generating: every long answer ended first.
      expect(events).toEqual(['late first token', 'late answer ended'])
      // And the long answers go on streaming past it; what is left of them is not needed.
      await expect.poll(() => Math.min(...chunksAfterLate)).toBeGreaterThan(0)
      stop.abort()
      await Promise.allSettled(longs)
    },
  )
})
