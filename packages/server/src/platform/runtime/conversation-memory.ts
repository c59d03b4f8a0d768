import { createHash } from 'node:crypto'
import type { ChatMessage } from './protocol.js'

/**
 * Which conversations each replica of a model holds, so that a conversation's next turn goes back to the replica
 * that can reuse its evaluated prefix (docs/platform.md, "Conversations stick to their replica"). The platform
 * never sees the worker's sequences; it remembers what each replica answered instead, as the worker keeps it
 * (handlers/chat.ts: a sequence holds the messages it was asked plus its answer; slots.ts reuses the one sharing
 * the most leading turns).
 */

/** The answers of one conversation it keeps keys for: an edit further back is routed as a new conversation. */
export const KEYS_PER_CONVERSATION = 32

/** Chains one turn onto the key of the turns before it: equal keys, equal conversations up to there. */
function chain(before: string, message: ChatMessage): string {
  return createHash('sha256')
    .update(before)
    .update(`\0${message.role}\0${String(message.content.length)}\0`)
    .update(message.content)
    .digest('base64url')
}

/**
 * One chat request's conversation, as keys: one for each of its prefixes that ends with an answer (the states a
 * replica may hold from an earlier turn), and the key of the whole, which its own answer extends. A conversation
 * is recognised by its answers: two conversations that share only a system prompt or a first question are not
 * the same one, and are spread over the replicas like any others.
 */
export class Conversation {
  /** The keys of its prefixes that end with an answer, shortest first, at most KEYS_PER_CONVERSATION. */
  readonly answered: readonly string[]
  private readonly whole: string

  private constructor(answered: readonly string[], whole: string) {
    this.answered = answered
    this.whole = whole
  }

  static of(messages: readonly ChatMessage[]): Conversation {
    const answered: string[] = []
    let key = ''
    for (const message of messages) {
      key = chain(key, message)
      if (message.role === 'assistant') answered.push(key)
    }
    return new Conversation(answered.slice(-KEYS_PER_CONVERSATION), key)
  }

  /** The keys of the conversation once `answer` is added to it: what the replica that answered now holds. */
  answeredWith(answer: string): string[] {
    const keys = [...this.answered, chain(this.whole, { role: 'assistant', content: answer })]
    return keys.slice(-KEYS_PER_CONVERSATION)
  }
}

/** One replica's remembered conversations (each its keys), oldest first, and how many of them hold each key. */
interface Held {
  conversations: string[][]
  keys: Map<string, number>
}

/**
 * Per replica, the last `perReplica` conversations it served, evicting the oldest: a replica holds one
 * conversation per context sequence (its `n_parallel`), and a new one takes the sequence free the longest, so the
 * memory forgets them in about the order the worker does. A replica is told apart by identity: a restarted one is
 * a new replica and is told to `forget` the old one.
 */
export class ConversationMemory<Replica> {
  private readonly replicas = new Map<Replica, Held>()

  constructor(readonly perReplica: number) {}

  /**
   * How much of `conversation` the replica holds: the number of its leading answers (0 when it holds none of
   * them). Of two replicas, the one holding more reuses the longer prefix.
   */
  held(replica: Replica, conversation: Conversation): number {
    const keys = this.replicas.get(replica)?.keys
    if (!keys) return 0
    for (let answers = conversation.answered.length; answers > 0; answers--)
      if (keys.has(conversation.answered[answers - 1] ?? '')) return answers
    return 0
  }

  /**
   * `replica` served a generation: `conversation` (null for a completion) answered with `answer` (null when it
   * ended without one the client can continue from: failed, or its client went away). The sequence it took held
   * the longest prefix the replica had of it and now holds this conversation, or none.
   */
  remember(replica: Replica, conversation: Conversation | null, answer: string | null): void {
    const held = this.heldBy(replica)
    const continued = conversation ? this.held(replica, conversation) : 0
    if (conversation && continued > 0) {
      const key = conversation.answered[continued - 1]
      const index = held.conversations.findLastIndex((keys) => keys.includes(key ?? ''))
      if (index >= 0) this.drop(held, index)
    }
    held.conversations.push(conversation && answer !== null ? conversation.answeredWith(answer) : [])
    for (const key of held.conversations.at(-1) ?? []) held.keys.set(key, (held.keys.get(key) ?? 0) + 1)
    while (held.conversations.length > this.perReplica) this.drop(held, 0)
  }

  /** Forgets what `replica` held: it stopped, was restarted or its model terminated. */
  forget(replica: Replica): void {
    this.replicas.delete(replica)
  }

  /** What the memory keeps for `replica`: conversations and keys (its bound is `perReplica` conversations). */
  size(replica: Replica): { conversations: number; keys: number } {
    const held = this.replicas.get(replica)
    return { conversations: held?.conversations.length ?? 0, keys: held?.keys.size ?? 0 }
  }

  private heldBy(replica: Replica): Held {
    let held = this.replicas.get(replica)
    if (!held) {
      held = { conversations: [], keys: new Map() }
      this.replicas.set(replica, held)
    }
    return held
  }

  private drop(held: Held, index: number): void {
    const [keys = []] = held.conversations.splice(index, 1)
    for (const key of keys) {
      const count = (held.keys.get(key) ?? 0) - 1
      if (count > 0) held.keys.set(key, count)
      else held.keys.delete(key)
    }
  }
}
