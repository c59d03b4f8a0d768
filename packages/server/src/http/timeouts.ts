/**
 * Every phase of a request has a limit: the one table of them, for both modes (docs/security.md lists them).
 * A client that sends data keeps its request alive; one that stops is cut off, before auth and before any handler
 * holds anything for it.
 */
export interface Timeouts {
  /** From a connection's first byte to the end of a request's head (request line and headers). */
  headMs: number
  /** Longest pause between two bytes of a request body. */
  bodyIdleMs: number
  /** From a request's first byte to the end of its body (forwarded uploads are at most 100 MiB). */
  requestMs: number
  /** An idle keep-alive connection between two requests. */
  keepAliveMs: number
  /** Gateway: connecting to the cluster. */
  upstreamConnectMs: number
  /**
   * Gateway: the cluster's answer head, and the longest pause inside its body. Generous: a non-streamed chat with a
   * large model can take minutes before its head, and a stream can pause while the cluster queues it.
   */
  upstreamAnswerMs: number
  /**
   * Gateway: the head of a launch's answer. Xinference answers `POST /v1/models` once the model is ready, after a
   * download of tens of gigabytes for a large one, and sends nothing before.
   */
  upstreamLaunchMs: number
  /**
   * Platform: a download task whose hub did not answer waits this long before it tries again, twice as long each
   * time after (download/download-tasks.ts).
   */
  downloadRetryMs: number
  /** Platform: asking a cluster it holds whether it answers, takes the credential, and its version (clusters/). */
  clusterProbeMs: number
}

export const TIMEOUTS: Timeouts = {
  headMs: 10_000,
  bodyIdleMs: 30_000,
  requestMs: 5 * 60_000,
  keepAliveMs: 30_000,
  upstreamConnectMs: 10_000,
  upstreamAnswerMs: 10 * 60_000,
  upstreamLaunchMs: 24 * 60 * 60_000,
  downloadRetryMs: 30_000,
  clusterProbeMs: 10_000,
}
