import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import {
  Conversation,
  ConversationMemory,
  KEYS_PER_CONVERSATION,
} from '../src/platform/runtime/conversation-memory.js'
import type { ChatMessage } from '../src/platform/runtime/protocol.js'
import { postChat, TINY_CHAT, waitFor } from './helper.js'
import { launchedApp, sample } from './runtime-helper.js'

// Which replica a conversation's turns go to (docs/platform.md, "Conversations stick to their replica"): real
// worker processes, observed through what the platform exposes (the log line of each request names its replica,
// /metrics has each replica's requests in progress), and the memory behind it on its own.

const user = (content: string): ChatMessage => ({ role: 'user', content })
const assistant = (content: string): ChatMessage => ({ role: 'assistant', content })

/** The replica that served the model's last request, as its log line says. */
async function lastReplica(app: FastifyInstance): Promise<number> {
  const { lines } = (await app.inject('/v1/models/tiny-chat/logs?tail=50')).json<{ lines: string[] }>()
  const served = lines.flatMap((line) => /request chat .* replica (\d+)$/.exec(line)?.[1] ?? [])
  expect(served.length).toBeGreaterThan(0)
  return Number(served.at(-1))
}

/**
 * A conversation through `/v1/chat/completions`: each `say` sends its history and a new user message and keeps
 * the answer, as a chat client does; it resolves to the replica that answered.
 */
function conversation(app: FastifyInstance, first: string) {
  const messages: ChatMessage[] = [{ role: 'system', content: 'You are a helpful assistant.' }]
  const say = async (content: string) => {
    messages.push(user(content))
    const response = await postChat(app, { model: 'tiny-chat', messages, max_tokens: 6, temperature: 0 })
    expect(response.statusCode, response.body).toBe(200)
    messages.push(
      assistant(
        response.json<{ choices: { message: { content: string } }[] }>().choices[0]?.message.content ?? '',
      ),
    )
    return lastReplica(app)
  }
  return { messages, say, start: () => say(first) }
}

describe('conversations stick to their replica', () => {
  it(
    "sends a conversation's next turns to the replica that served its first, and spreads two conversations",
    { timeout: 60_000 },
    async () => {
      const app = await launchedApp({ ...TINY_CHAT, replica: 2 })
      const sea = conversation(app, 'Tell me about the sea')
      const hills = conversation(app, 'Tell me about the hills')
      const seaReplica = await sea.start()
      // The same system prompt, a new question: a new conversation, sent to the other (idle) replica.
      const hillsReplica = await hills.start()
      expect(hillsReplica).not.toBe(seaReplica)
      // Round-robin would alternate; each turn goes back to the replica holding its conversation instead.
      expect(await hills.say('And the valleys?')).toBe(hillsReplica)
      expect(await sea.say('And the waves?')).toBe(seaReplica)
      expect(await sea.say('And the fish?')).toBe(seaReplica)
      expect(await hills.say('And the rivers?')).toBe(hillsReplica)
    },
  )

  it(
    "sends a turn elsewhere while its replica's places are taken, and then to where it went",
    { timeout: 60_000 },
    async () => {
      const app = await launchedApp({ ...TINY_CHAT, replica: 2, n_parallel: 1 })
      const sea = conversation(app, 'Tell me about the sea')
      const seaReplica = await sea.start()
      const other = 1 - seaReplica
      // A request of the same conversation holds its replica's one place (it goes there: it continues it).
      const model = app.platform.models.get('tiny-chat')
      const held = model.acquire('', undefined, Conversation.of([...sea.messages, user('Go on')]))
      await held.turn
      expect(held.worker.replicaId).toBe(seaReplica)
      const serving = async (replica: number) =>
        sample((await app.inject('/metrics')).body, 'xinference:model_serve_count', {
          replica_index: String(replica),
        })
      expect(await serving(seaReplica)).toBe(1)
      expect(await serving(other)).toBe(0)

      // Its replica is full: the next turn does not wait for it.
      expect(await sea.say('And the waves?')).toBe(other)
      held.release()
      expect(await serving(seaReplica)).toBe(0)
      // The conversation now lives where its last turn was answered.
      expect(await sea.say('And the fish?')).toBe(other)
    },
  )

  it('forgets what a replica held once it is restarted', { timeout: 60_000 }, async () => {
    const app = await launchedApp({ ...TINY_CHAT, replica: 2 })
    const sea = conversation(app, 'Tell me about the sea')
    const seaReplica = await sea.start()
    const model = app.platform.models.get('tiny-chat')
    const worker = model.workers[seaReplica]
    process.kill(worker?.pid ?? 0, 'SIGKILL')
    await waitFor(() => worker?.status === 'ERROR')
    const restarted = await app.inject({ method: 'POST', url: '/api/v1/models/tiny-chat/restart' })
    expect(restarted.statusCode).toBe(200)
    // The restarted replica holds nothing: the next turn is routed as a new one (round-robin: the other replica).
    expect(await sea.say('And the waves?')).toBe(1 - seaReplica)
  })
})

describe('conversation memory', () => {
  /** A conversation of `answers` exchanges, its turns named after `name`. */
  const exchanges = (name: string, answers: number): ChatMessage[] =>
    Array.from({ length: answers }, (_, index) => [
      user(`${name} question ${String(index)}`),
      assistant(`${name} answer ${String(index)}`),
    ]).flat()
  /** Remembers that `replica` answered `messages` (the last one being its answer). */
  const served = (memory: ConversationMemory<string>, replica: string, messages: ChatMessage[]) =>
    memory.remember(replica, Conversation.of(messages.slice(0, -1)), messages.at(-1)?.content ?? '')

  it('recognises a next turn by the answers it holds, the longest on the replica holding most', () => {
    const memory = new ConversationMemory<string>(4)
    const sea = exchanges('sea', 3)
    served(memory, 'r0', sea.slice(0, 2))
    served(memory, 'r1', sea.slice(0, 4))
    const next = Conversation.of([...sea, user('and then?')])
    expect(memory.held('r0', next)).toBe(1)
    expect(memory.held('r1', next)).toBe(2)
    expect(memory.held('r2', next)).toBe(0)
    // Only a prefix ending with an answer the replica gave counts: a shared first question is another conversation.
    expect(memory.held('r0', Conversation.of([user('sea question 0')]))).toBe(0)
    expect(memory.held('r0', Conversation.of([user('sea question 0'), assistant('other'), user('?')]))).toBe(
      0,
    )
  })

  it('keeps one record per sequence: a continued conversation replaces its earlier turn', () => {
    const memory = new ConversationMemory<string>(4)
    const sea = exchanges('sea', 3)
    served(memory, 'r0', sea.slice(0, 2))
    served(memory, 'r0', sea.slice(0, 4))
    served(memory, 'r0', sea)
    expect(memory.size('r0')).toEqual({ conversations: 1, keys: 3 })
    // An earlier answer edited: that sequence now holds the new branch, not the old one.
    served(memory, 'r0', [...sea.slice(0, 2), user('another'), assistant('branch')])
    expect(memory.size('r0')).toEqual({ conversations: 1, keys: 2 })
    expect(memory.held('r0', Conversation.of([...sea, user('?')]))).toBe(1)
    // One that ended without an answer to continue (failed, its client gone) leaves its sequence holding none.
    memory.remember('r0', Conversation.of([...sea.slice(0, 2), user('again')]), null)
    expect(memory.size('r0')).toEqual({ conversations: 1, keys: 0 })
    expect(memory.held('r0', Conversation.of([...sea, user('?')]))).toBe(0)
  })

  it('stays bounded with many conversations, forgetting the oldest, and forgets a replica', () => {
    const memory = new ConversationMemory<string>(4)
    for (let index = 0; index < 5000; index++) served(memory, 'r0', exchanges(`c${String(index)}`, 3))
    expect(memory.size('r0')).toEqual({ conversations: 4, keys: 12 })
    const next = (index: number) => Conversation.of([...exchanges(`c${String(index)}`, 3), user('?')])
    expect(memory.held('r0', next(4999))).toBe(3)
    expect(memory.held('r0', next(4996))).toBe(3)
    expect(memory.held('r0', next(4995))).toBe(0)
    // A completion takes a sequence too: the oldest conversation goes.
    memory.remember('r0', null, 'text')
    expect(memory.held('r0', next(4996))).toBe(0)
    // A long conversation keeps keys for its last answers only.
    served(memory, 'r0', exchanges('long', 500))
    expect(memory.size('r0')).toEqual({ conversations: 4, keys: 2 * 3 + KEYS_PER_CONVERSATION })
    memory.forget('r0')
    expect(memory.size('r0')).toEqual({ conversations: 0, keys: 0 })
    expect(memory.held('r0', next(4999))).toBe(0)
  })
})
