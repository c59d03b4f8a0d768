import { execFile } from 'node:child_process'

export interface GpuFigures {
  count: number
  /** Bytes. */
  vramTotal: number
  vramAvailable: number
}

export const NO_GPU: GpuFigures = { count: 0, vramTotal: 0, vramAvailable: 0 }
const MIB = 1024 * 1024

/** Parses `nvidia-smi --query-gpu=memory.total,memory.free --format=csv,noheader,nounits` (MiB per GPU). */
export function parseNvidiaSmi(output: string): GpuFigures {
  const rows = output
    .split('\n')
    .map((line) => line.split(',').map((cell) => Number(cell.trim())))
    .filter((cells) => cells.length >= 2 && cells.every((cell) => Number.isFinite(cell)))
  return {
    count: rows.length,
    vramTotal: rows.reduce((sum, [total = 0]) => sum + total * MIB, 0),
    vramAvailable: rows.reduce((sum, [, free = 0]) => sum + free * MIB, 0),
  }
}

/**
 * The machine's NVIDIA GPUs as nvidia-smi reports them; no GPUs when it is missing or fails. `command` lets
 * tests and other setups name another binary.
 */
export function readGpus(
  command = process.env.SERVING_CONSOLE_NVIDIA_SMI ?? 'nvidia-smi',
): Promise<GpuFigures> {
  return new Promise((resolve) => {
    execFile(
      command,
      ['--query-gpu=memory.total,memory.free', '--format=csv,noheader,nounits'],
      { timeout: 5000 },
      (error, stdout) => resolve(error ? NO_GPU : parseNvidiaSmi(stdout)),
    )
  })
}
