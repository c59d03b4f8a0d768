/** The end of a model's worker output: at most `maxLines` lines are kept, the oldest dropped first. */
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
    this.lines.push(line.length > 4000 ? `${line.slice(0, 4000)}…` : line)
    if (this.lines.length > this.maxLines) this.lines.splice(0, this.lines.length - this.maxLines)
  }

  tail(count: number): string[] {
    return count <= 0 ? [] : this.lines.slice(-count)
  }
}
