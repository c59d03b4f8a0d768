import { fork, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ModelLog } from './model-log.js'
import type { EngineGpu, FromWorker, ToWorker, WorkerOptions, WorkerRequest } from './protocol.js'

/** The compiled worker beside this module; from sources (the tests), the build's. */
const WORKER_MAIN =
  [
    new URL('./worker-main.js', import.meta.url),
    new URL('../../../dist/platform/runtime/worker-main.js', import.meta.url),
  ]
    .map((url) => fileURLToPath(url))
    .find((path) => existsSync(path)) ?? fileURLToPath(new URL('./worker-main.js', import.meta.url))

/** Longest model uid a worker's process title carries, so the title stays one readable `ps` column. */
const TITLE_UID_MAX = 64

/**
 * The process title a worker goes by in `ps` and `top`: which model, which replica. Only characters that read the
 * same in any terminal (a uid is checked at launch; this holds however the model was named), bounded in length.
 */
export function workerTitle(modelUid: string, replicaId: number): string {
  const uid = modelUid.replace(/[^A-Za-z0-9._@+-]/g, '_').slice(0, TITLE_UID_MAX)
  return `serving-console-worker ${uid || '?'} replica ${String(replicaId)}`
}

type Pending = {
  resolve: (result: unknown) => void
  reject: (error: Error) => void
  onChunk?: ((text: string) => void) | undefined
}

export type WorkerStatus = 'LOADING' | 'READY' | 'ERROR' | 'STOPPED'

/** A request's worker went away (stopped or crashed) before answering it. */
export class WorkerGoneError extends Error {
  override name = 'WorkerGoneError'
}

/**
 * One worker process as seen by the platform: starts it, waits until the model is loaded, sends requests and
 * streams their chunks back, and records why it died if it does.
 */
export class WorkerProcess {
  status: WorkerStatus = 'LOADING'
  errorMessage: string | null = null
  readonly createdAt = Date.now()
  private readonly child: ChildProcess
  private readonly pending = new Map<number, Pending>()
  private nextId = 1
  readonly ready: Promise<void>
  /** The engine binary it loaded, once ready. */
  engineGpu: EngineGpu | null = null
  private onExitListeners: ((worker: WorkerProcess) => void)[] = []

  /** `modelUid` names the worker in its process title (`workerTitle`). */
  constructor(
    readonly replicaId: number,
    options: WorkerOptions,
    private readonly log: ModelLog,
    modelUid: string,
  ) {
    const prefix = `[replica ${replicaId}] `
    // The title travels as the worker's argument: `ps` shows it from the start, and the argument vector the worker
    // rewrites with `process.title` is long enough to hold it.
    this.child = fork(WORKER_MAIN, [workerTitle(modelUid, replicaId)], {
      env: { ...process.env, SERVING_CONSOLE_WORKER: JSON.stringify(options) },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
    })
    this.child.stdout?.on('data', (chunk: Buffer) => log.write(prefix, chunk.toString()))
    this.child.stderr?.on('data', (chunk: Buffer) => log.write(prefix, chunk.toString()))
    log.add(
      `${prefix}starting worker (pid ${this.child.pid ?? '?'}) for ${options.modelPath}${options.binaryLoaded ? ', engine binary as loaded before' : ''}`,
    )

    this.ready = new Promise((resolve, reject) => {
      const onMessage = (message: FromWorker) => {
        if (message.type === 'ready') {
          this.status = 'READY'
          this.engineGpu = message.gpu
          log.add(`${prefix}ready (engine: ${message.gpu || 'cpu'})`)
          resolve()
        } else if (message.type === 'error' && message.id === null) {
          this.fail(message.message)
          reject(new Error(message.message))
        } else this.dispatch(message)
      }
      this.child.on('message', onMessage)
      this.child.on('exit', (code, signal) => {
        const wasStopped = this.status === 'STOPPED'
        if (!wasStopped && this.status !== 'ERROR') {
          this.fail(
            `worker exited unexpectedly (${signal ? `signal ${signal}` : `exit code ${code ?? '?'}`})`,
          )
        }
        reject(new Error(this.errorMessage ?? 'worker stopped'))
        for (const pending of this.pending.values())
          pending.reject(new WorkerGoneError(this.errorMessage ?? 'worker stopped'))
        this.pending.clear()
        for (const listener of this.onExitListeners) listener(this)
      })
    })
    // Callers await `ready`; an unobserved rejection here is not an error of its own.
    this.ready.catch(() => undefined)
  }

  get pid(): number | undefined {
    return this.child.pid
  }

  onExit(listener: (worker: WorkerProcess) => void): void {
    this.onExitListeners.push(listener)
  }

  request<T>(
    request: WorkerRequest,
    options: { signal?: AbortSignal; onChunk?: (text: string) => void } = {},
  ): Promise<T> {
    if (this.status !== 'READY')
      return Promise.reject(
        new WorkerGoneError(this.errorMessage ?? `replica ${this.replicaId} is ${this.status.toLowerCase()}`),
      )
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, {
        resolve: resolve as (result: unknown) => void,
        reject,
        onChunk: options.onChunk,
      })
      options.signal?.addEventListener('abort', () => this.send({ type: 'cancel', id }), { once: true })
      this.send({ type: 'request', id, request })
    })
  }

  /** Stops the worker: SIGTERM, then SIGKILL if it has not gone within `graceMs`. */
  async stop(graceMs = 3000): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return
    this.status = 'STOPPED'
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()))
    this.child.kill('SIGTERM')
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs)
    await exited
    clearTimeout(timer)
  }

  private fail(message: string) {
    this.status = 'ERROR'
    this.errorMessage = message
    this.log.add(`[replica ${this.replicaId}] ERROR ${message}`)
  }

  private dispatch(message: FromWorker) {
    if (message.type === 'chunks') {
      for (const [id, text] of message.chunks) this.pending.get(id)?.onChunk?.(text)
      return
    }
    if (message.type === 'ready' || message.id === null) return
    const pending = this.pending.get(message.id)
    if (!pending) return
    this.pending.delete(message.id)
    if (message.type === 'result') pending.resolve(message.result)
    else pending.reject(new Error(message.message))
  }

  private send(message: ToWorker) {
    if (this.child.connected) this.child.send(message)
  }
}
