import type { FitTarget } from '@serving-console/contract'

/**
 * How fast a model writes its answer here: an estimate, and docs/platform.md ("Speed") says what it assumes.
 * Decoding one token reads every weight once, and on CPUs and GPUs alike memory feeds the arithmetic slower than
 * it is done, so tokens a second ≈ memory bandwidth ÷ the bytes read a token (the model's file at its
 * quantization; the KV cache read beside it is left out, so the figure is an upper bound for long contexts).
 */

/** Bytes a second one CPU core streams from memory in llama.cpp's decode loop (a desktop core: 8–15 GB/s). */
export const CORE_BANDWIDTH = 8e9
/** What two memory channels give however many cores ask: a desktop or laptop's whole memory bandwidth. */
export const CPU_BANDWIDTH_CAP = 60e9
/** A GPU's memory bandwidth when the launch runs on it: an entry-level card's (T4, RTX 3060: 300–360 GB/s). */
export const GPU_BANDWIDTH = 300e9

/** The bandwidth the estimates assume: the GPUs' when a launch uses them, else what the cores can draw. */
export function bandwidthOf(device: FitTarget['device'], cores: number): number {
  return device === 'gpu' ? GPU_BANDWIDTH : Math.min(Math.max(cores, 1) * CORE_BANDWIDTH, CPU_BANDWIDTH_CAP)
}

/** Tokens a second from bandwidth and the bytes a token reads; null when the size is unknown. */
export function tokensPerSecond(bandwidth: number, fileBytes: number | null): number | null {
  if (fileBytes === null || fileBytes <= 0) return null
  // One decimal is as much as an estimate can claim.
  return Math.round((10 * bandwidth) / fileBytes) / 10
}
