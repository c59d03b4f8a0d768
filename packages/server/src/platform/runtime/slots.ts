/**
 * A fixed set of things (a model's context sequences) lent out one request at a time each. A request that finds
 * none free waits its turn, first come first served; one whose signal aborts while waiting leaves the line at once.
 * The borrower chooses among the free ones (the sequence holding the longest part of its conversation).
 */
export class Slots<T> {
  private readonly free: T[]
  private readonly waiting: { choose: (free: readonly T[]) => T; resolve: (item: T) => void }[] = []

  constructor(items: readonly T[]) {
    this.free = [...items]
  }

  /** Requests waiting for a slot. */
  get queued(): number {
    return this.waiting.length
  }

  acquire(choose: (free: readonly T[]) => T, signal: AbortSignal): Promise<T> {
    if (signal.aborted) return Promise.reject(new Error('cancelled'))
    if (this.free.length > 0 && this.waiting.length === 0) return Promise.resolve(this.take(choose))
    return new Promise((resolve, reject) => {
      const waiter = { choose, resolve }
      this.waiting.push(waiter)
      signal.addEventListener(
        'abort',
        () => {
          const index = this.waiting.indexOf(waiter)
          if (index < 0) return
          this.waiting.splice(index, 1)
          reject(new Error('cancelled'))
        },
        { once: true },
      )
    })
  }

  /** Gives `item` back: the longest-waiting request gets a slot, or it waits for the next. */
  release(item: T): void {
    this.free.push(item)
    const next = this.waiting.shift()
    if (next) next.resolve(this.take(next.choose))
  }

  private take(choose: (free: readonly T[]) => T): T {
    const item = choose(this.free)
    this.free.splice(this.free.indexOf(item), 1)
    return item
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
