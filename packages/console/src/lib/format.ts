const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB']

/** A byte size for people: binary units, two decimals ("23.54 GiB"). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B'
  const exponent = Math.min(Math.floor(Math.log2(bytes) / 10), UNITS.length - 1)
  return `${(bytes / 1024 ** exponent).toFixed(exponent === 0 ? 0 : 2)} ${UNITS[exponent] ?? 'B'}`
}

/** SPEC §3's MiB display: bytes / 1048576, two decimals. */
export function formatMiB(bytes: number): string {
  return `${(bytes / 1048576).toFixed(2)} MiB`
}

/** SPEC §9: cluster numbers with two decimals. */
export function twoDecimals(value: number): string {
  return value.toFixed(2)
}
