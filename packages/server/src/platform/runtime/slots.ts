import { LeftTheQueue, Places } from './places.js'

/** The worker's requests come from one client (its platform, which already took turns across clients). */
const PLATFORM = 'platform'

/**
 * A replica's places as its worker holds them (admission.ts names the words): each place is one of the model's
 * context sequences, and the request that takes a place chooses which free one (the sequence holding the longest
 * part of its conversation). The line is the platform's own (Places), first come first served here; a request
 * whose signal aborts while waiting leaves it at once, told 'cancelled' as the worker answers it.
 */
export class Slots<T> {
  private readonly free: T[]
  private readonly places: Places

  constructor(items: readonly T[]) {
    this.free = [...items]
    this.places = new Places(items.length)
  }

  /** Requests waiting for a place. */
  get queued(): number {
    return this.places.queued
  }

  async acquire(choose: (free: readonly T[]) => T, signal: AbortSignal): Promise<T> {
    try {
      await this.places.take(PLATFORM, signal)
    } catch (error) {
      throw error instanceof LeftTheQueue ? new LeftTheQueue('cancelled') : error
    }
    // A place held: at least one item is free, whichever request gave it back.
    const item = choose(this.free)
    this.free.splice(this.free.indexOf(item), 1)
    return item
  }

  /** Gives `item` back: the longest-waiting request gets the place, or it stays free. */
  release(item: T): void {
    this.free.push(item)
    this.places.release()
  }
}

/**
 * The free item whose last conversation shares the most leading turns with `turns` (its evaluated prefix is
 * reused); on a tie the one free the longest, so new conversations spread over the sequences.
 */
export function longestSharedPrefix<T extends { turns: readonly string[] }>(
  free: readonly T[],
  turns: readonly string[],
): T {
  let best = free[0]
  let bestShared = -1
  for (const item of free) {
    let shared = 0
    while (shared < item.turns.length && shared < turns.length && item.turns[shared] === turns[shared])
      shared++
    // A sequence whose conversation went on past this request's turns would be rewound: it shares only as many.
    if (shared > bestShared) {
      best = item
      bestShared = shared
    }
  }
  if (best === undefined) throw new Error('no free slot to choose from')
  return best
}
