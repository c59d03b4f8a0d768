/** The span a per-minute limit counts over. */
export const MINUTE_MS = 60_000

/**
 * What was counted over the last minute, sliding: counts kept per second (at most 60 entries, whatever the
 * traffic), so a limit of N per minute lets N through in any 60 seconds and says exactly when the next one may go.
 */
export class MinuteWindow {
  /** [second (ms since the epoch / 1000, floored), count], oldest first. */
  private readonly seconds: [number, number][] = []

  add(now: number, count: number): void {
    const second = Math.floor(now / 1000)
    const last = this.seconds.at(-1)
    if (last?.[0] === second) last[1] += count
    else this.seconds.push([second, count])
    this.evict(now)
  }

  /** What was counted in the last 60 seconds. */
  total(now: number): number {
    this.evict(now)
    let sum = 0
    for (const [, count] of this.seconds) sum += count
    return sum
  }

  /** Milliseconds until the last minute's total falls below `limit` (0 when it is below already). */
  msUntilBelow(now: number, limit: number): number {
    let total = this.total(now)
    for (const [second, count] of this.seconds) {
      if (total < limit) break
      total -= count
      if (total < limit) return second * 1000 + MINUTE_MS - now
    }
    return 0
  }

  private evict(now: number): void {
    const oldest = Math.floor((now - MINUTE_MS) / 1000)
    while (this.seconds.length > 0 && (this.seconds[0]?.[0] ?? 0) <= oldest) this.seconds.shift()
  }
}
