/**
 * The end of a model's log (its workers' output, its launch, one line per request): each line stamped with the
 * time it was written (ISO 8601, UTC); at most `maxLines` lines are kept, the oldest dropped first.
 */
export class ModelLog {
  private readonly lines: string[] = []
  private partial = ''

  constructor(private readonly maxLines = 2000) {}

  write(prefix: string, chunk: string): void {
    const text = this.partial + chunk
    const parts = text.split('\n')
    this.partial = parts.pop() ?? ''
    for (const line of parts) this.add(`${prefix}${line}`)
  }

  add(line: string): void {
    const stamped = `${new Date().toISOString()} ${line}`
    this.lines.push(stamped.length > 4000 ? `${stamped.slice(0, 4000)}…` : stamped)
    if (this.lines.length > this.maxLines) this.lines.splice(0, this.lines.length - this.maxLines)
  }

  tail(count: number): string[] {
    return count <= 0 ? [] : this.lines.slice(-count)
  }
}
