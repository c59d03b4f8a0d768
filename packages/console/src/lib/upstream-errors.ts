/**
 * What Xinference's errors say, made readable. Errors raised inside the cluster's actors begin with where they
 * were raised (`[address=127.0.0.1:41503, pid=2712] `, once per actor they passed through): worth keeping for a
 * bug report (Copy keeps it), not worth reading.
 */
const ACTOR_PREFIX = /\[address=[^\]\s]*, pid=\d+\]\s*/g

export function readable(message: string): string {
  return message.replace(ACTOR_PREFIX, '')
}

/**
 * Xinference 2.12 and later build a virtual environment with `uv` for some engines unless a launch says
 * `enable_virtual_env: false`; on workers without `uv` every such launch fails with this (docs/gateway.md).
 */
export function missingUv(message: string): boolean {
  return /No such file or directory: 'uv'/.test(message)
}
