import type { ModelLoad } from '@serving-console/contract'
import { HttpError } from '../../http/http-error.js'
import { ConversationMemory, type Conversation } from './conversation-memory.js'
import { Places } from './places.js'
import type { WorkerProcess } from './worker-process.js'

/**
 * Admission: whether a model takes a request now, and where it waits. The words, here and in the worker
 * (slots.ts): a replica has `n_parallel` **places** (requests it serves at once; in the worker, each is one
 * context sequence); a request admitted but without a place **waits** in the replica's line (Places, fair across
 * clients); one whose client goes away **leaves the line** (LeftTheQueue, 499). A request is **refused** before it
 * is admitted: 503 while the model is not ready or has no replica left, 429 past the launch's `request_limits`
 * or when the line is full (QUEUED_PER_PLACE). A chat's next turn goes back to the replica that holds its
 * conversation when that one has a free place. docs/platform.md, "Many users at once" and "Conversations stick to
 * their replica".
 */

/** Requests that may wait for each place a model serves at once, beyond which it answers 429. */
export const QUEUED_PER_PLACE = 4

/** What admission needs of the model it admits for. */
export interface Admitting {
  uid: string
  stage: string
  workers: readonly WorkerProcess[]
  /** Places of each replica (`n_parallel`). */
  parallel: number
  /** The launch's `request_limits`: requests admitted at once, waiting included; null when none. */
  requestLimits: number | null
}

/** An admitted request: its replica, its `turn` (resolves once it holds a place) and how it gives it back. */
export interface Admitted {
  worker: WorkerProcess
  turn: Promise<void>
  release: () => void
}

/** Why a request is refused before it is admitted (refusal texts: part of the API, docs/platform.md). */
export const refusals = {
  notReady: (uid: string, stage: string) =>
    new HttpError(503, `Model ${uid} is not ready (${stage})`, { 'retry-after': '5' }),
  everyReplicaFailed: (uid: string, reasons: string[]) =>
    new HttpError(503, `Every replica of ${uid} has failed: ${reasons.join('; ')}`),
  noReadyReplica: (uid: string) => new HttpError(503, `Model ${uid} has no ready replica`),
  overRequestLimit: (uid: string, limit: number) =>
    new HttpError(429, `Model ${uid} is serving its limit of ${limit} requests`, { 'retry-after': '1' }),
  lineFull: (uid: string, serving: number, waiting: number) =>
    new HttpError(
      429,
      `Model ${uid} is busy: ${serving} requests in progress and ${waiting} waiting; try again shortly`,
      { 'retry-after': '1' },
    ),
}

/**
 * One model's admission: its requests in flight, each replica's places and the conversations each replica holds
 * (as many as it has places: one per context sequence). `onActivity` is told when a request is admitted or done
 * (the model's idle time runs from the last).
 */
export class Admission {
  /** Requests admitted and not yet answered, served or waiting. */
  private admitted = 0
  private nextReplica = 0
  private readonly places = new Map<WorkerProcess, Places>()
  /** What each replica's generations answered, told by whoever served them (running-model.ts). */
  readonly conversations: ConversationMemory<WorkerProcess>

  constructor(
    parallel: number,
    private readonly onActivity: () => void = () => undefined,
  ) {
    this.conversations = new ConversationMemory(parallel)
  }

  get inFlight(): number {
    return this.admitted
  }

  /**
   * Admits one request of `client` to a ready replica (`choose`), or refuses it. Synchronous, so a refusal comes
   * before a stream's 200; the wait for a place is the `turn`, left at once when `signal` aborts.
   */
  admit(model: Admitting, client = '', signal?: AbortSignal, conversation?: Conversation): Admitted {
    if (model.stage !== 'ready') throw refusals.notReady(model.uid, model.stage)
    const ready = model.workers.filter((worker) => worker.status === 'READY')
    if (ready.length === 0) {
      const reasons = model.workers.flatMap((worker) => (worker.errorMessage ? [worker.errorMessage] : []))
      throw refusals.everyReplicaFailed(model.uid, reasons)
    }
    if (model.requestLimits !== null && this.admitted >= model.requestLimits)
      throw refusals.overRequestLimit(model.uid, model.requestLimits)
    const serving = ready.length * model.parallel
    if (this.admitted >= serving * (1 + QUEUED_PER_PLACE))
      throw refusals.lineFull(model.uid, serving, this.admitted - serving)
    const worker = this.choose(ready, model.parallel, conversation)
    if (!worker) throw refusals.noReadyReplica(model.uid)
    this.nextReplica = (ready.indexOf(worker) + 1) % ready.length
    const places = this.placesOf(worker, model.parallel)
    const turn = places.take(client, signal)
    this.admitted += 1
    this.onActivity()
    let released = false
    return {
      worker,
      turn,
      release: () => {
        if (released) return
        released = true
        this.admitted -= 1
        this.onActivity()
        // A place taken is given back; a request that left the line took none.
        turn.then(
          () => places.release(),
          () => undefined,
        )
      },
    }
  }

  /**
   * The replica for a request: of those with a free place, the one holding the most of its conversation (the
   * worker reuses that prefix instead of evaluating it again); when none does, the least loaded, round-robin
   * among equals. A replica without a free place is not waited for: the turn would wait longer there than its
   * prefix saves.
   */
  private choose(
    ready: readonly WorkerProcess[],
    parallel: number,
    conversation: Conversation | undefined,
  ): WorkerProcess | undefined {
    let chosen: { worker: WorkerProcess; held: number; load: number } | undefined
    for (let step = 0; step < ready.length; step++) {
      const worker = ready[(this.nextReplica + step) % ready.length]
      if (!worker) continue
      const load = this.placesOf(worker, parallel).load
      const held = conversation && load < parallel ? this.conversations.held(worker, conversation) : 0
      if (!chosen || held > chosen.held || (held === chosen.held && load < chosen.load))
        chosen = { worker, held, load }
    }
    return chosen?.worker
  }

  /** The places of the replica `worker` runs, made on its first request. */
  placesOf(worker: WorkerProcess, parallel: number): Places {
    let places = this.places.get(worker)
    if (!places) {
      places = new Places(parallel)
      this.places.set(worker, places)
    }
    return places
  }

  /** Forgets a replica's places and conversations (its worker was replaced: the new one holds none). */
  forget(worker: WorkerProcess): void {
    this.places.delete(worker)
    this.conversations.forget(worker)
  }

  /** The model's load as the console shows it: served, places of the ready replicas, and waiting. */
  load(model: Admitting): ModelLoad {
    const ready = model.workers.filter((worker) => worker.status === 'READY').length
    let serving = 0
    let queued = 0
    for (const places of this.places.values()) {
      serving += places.inUse
      queued += places.queued
    }
    const capacity = ready * model.parallel
    return { serving, capacity, queued, max_queued: capacity * QUEUED_PER_PLACE }
  }
}
