import type { Locale } from '@serving-console/contract'
import { currentLocale } from '../i18n/i18n'

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB']

const formats = new Map<string, Intl.NumberFormat>()

/**
 * A number with exactly `decimals` decimals in the language shown. It is rounded by `toFixed`, as it always was,
 * and the rounded decimal is handed to Intl as a string, which writes it exactly: Intl's own rounding differs on a
 * few values (it rounds 1.005 up, toFixed down), and English must stay as it was. No grouping, as before
 * ("81920.00 MiB"); the languages the console speaks share the decimal point.
 */
function fixed(value: number, decimals: number, locale: Locale = currentLocale()): string {
  const rounded = value.toFixed(decimals)
  // Infinity, NaN and numbers from 1e21 up, which toFixed writes in its own way: a fault to be seen as it is.
  if (!/^-?\d+(\.\d+)?$/.test(rounded)) return rounded
  const key = `${locale}:${String(decimals)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: false,
    })
    formats.set(key, format)
  }
  return format.format(rounded as Intl.StringNumericLiteral)
}

/** A byte size for people: binary units, two decimals ("23.54 GiB"). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return `${fixed(0, 0)} B`
  const exponent = Math.min(Math.floor(Math.log2(bytes) / 10), UNITS.length - 1)
  return `${fixed(bytes / 1024 ** exponent, exponent === 0 ? 0 : 2)} ${UNITS[exponent] ?? 'B'}`
}

/** SPEC §3's MiB display: bytes / 1048576, two decimals. */
export function formatMiB(bytes: number): string {
  return `${fixed(bytes / 1048576, 2)} MiB`
}

/** SPEC §9: cluster numbers with two decimals. */
export function twoDecimals(value: number): string {
  return fixed(value, 2)
}
