/**
 * One download per model version however many launches wait for it. Each launch joins with its own abort
 * signal; the download itself is aborted only when every launch waiting on it has given up, so cancelling one
 * launch never fails another that shares its files.
 */
export class SharedDownloads {
  private readonly running_ = new Map<
    string,
    { file: Promise<string>; waiting: number; controller: AbortController }
  >()

  /** Whether a download under `key` is running. */
  running(key: string): boolean {
    return this.running_.has(key)
  }

  join(key: string, start: (signal: AbortSignal) => Promise<string>, signal: AbortSignal): Promise<string> {
    let entry = this.running_.get(key)
    if (!entry) {
      const controller = new AbortController()
      const file = start(controller.signal).finally(() => {
        if (this.running_.get(key) === entry) this.running_.delete(key)
      })
      // Launches observe it; an unobserved rejection after every one of them left is not an error.
      file.catch(() => undefined)
      entry = { file, waiting: 0, controller }
      this.running_.set(key, entry)
    }
    const shared = entry
    shared.waiting += 1
    return new Promise<string>((resolve, reject) => {
      const leave = () => {
        shared.waiting -= 1
        if (shared.waiting === 0) {
          shared.controller.abort()
          if (this.running_.get(key) === shared) this.running_.delete(key)
        }
        reject(new Error('cancelled'))
      }
      if (signal.aborted) return leave()
      signal.addEventListener('abort', leave, { once: true })
      shared.file.then(
        (file) => {
          signal.removeEventListener('abort', leave)
          shared.waiting -= 1
          resolve(file)
        },
        (error: unknown) => {
          signal.removeEventListener('abort', leave)
          shared.waiting -= 1
          reject(error instanceof Error ? error : new Error(String(error)))
        },
      )
    })
  }
}
