/**
 * Requests waiting their turn, taken round-robin across clients: one client's burst of a hundred requests
 * cannot hold back another client's one. Each client's own requests keep their order.
 */
export class FairQueue<T> {
  /** Each client's line, in the order the clients get their next turn (a Map keeps insertion order). */
  private readonly lines = new Map<string, T[]>()
  private count = 0

  get size(): number {
    return this.count
  }

  push(client: string, item: T): void {
    const line = this.lines.get(client)
    if (line) line.push(item)
    else this.lines.set(client, [item])
    this.count++
  }

  /** The next item: the first of the client whose turn it is, that client then going to the back. */
  shift(): T | undefined {
    for (const [client, line] of this.lines) {
      this.lines.delete(client)
      const item = line.shift()
      if (line.length > 0) this.lines.set(client, line)
      if (item !== undefined) {
        this.count--
        return item
      }
    }
    return undefined
  }

  /** Takes `item` out of the line (its request went away); false when it was not waiting. */
  remove(client: string, item: T): boolean {
    const line = this.lines.get(client)
    const index = line?.indexOf(item) ?? -1
    if (!line || index < 0) return false
    line.splice(index, 1)
    if (line.length === 0) this.lines.delete(client)
    this.count--
    return true
  }
}

/** Said to a request whose client went away while it waited (admission.ts: it leaves the line). */
export class LeftTheQueue extends Error {
  constructor(message = 'The client went away while its request waited') {
    super(message)
  }
}

/**
 * One replica's places: it serves `parallel` requests at once (its context sequences); the rest wait in a
 * FairQueue and each freed place goes to the next in it. A request whose signal aborts while waiting leaves at
 * once. How many may wait is the caller's to bound (admission.ts). The worker's places are these too (slots.ts).
 */
export class Places {
  private serving = 0
  private readonly waiting = new FairQueue<() => void>()

  constructor(readonly parallel: number) {}

  get inUse(): number {
    return this.serving
  }

  get queued(): number {
    return this.waiting.size
  }

  /** Requests served or waiting. */
  get load(): number {
    return this.serving + this.waiting.size
  }

  /** Resolves when `client`'s request holds a place; give it back with `release`. */
  take(client: string, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new LeftTheQueue())
    if (this.serving < this.parallel && this.waiting.size === 0) {
      this.serving++
      return Promise.resolve()
    }
    return new Promise((resolve, reject) => {
      const admit = () => {
        signal?.removeEventListener('abort', leave)
        resolve()
      }
      const leave = () => {
        if (this.waiting.remove(client, admit)) reject(new LeftTheQueue())
      }
      signal?.addEventListener('abort', leave, { once: true })
      this.waiting.push(client, admit)
    })
  }

  /** Frees a place: the next waiting request takes it (the count of those served stays), or it stays free. */
  release(): void {
    const next = this.waiting.shift()
    if (next) next()
    else this.serving--
  }
}
