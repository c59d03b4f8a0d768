import type { EngineMap, EngineSpec } from '@serving-console/contract'

/** Sizes travel as numbers or strings ("0_5"); the form keeps them as strings. */
export const sizeKey = (size: number | string | null | undefined) => String(size ?? '')

/** Back to the wire: numbers where the text is a plain number, else the string as the catalogue spells it. */

export interface EngineChoice {
  name: string
  /** Why this engine cannot run the model here, when it cannot. */
  unavailable: string | null
}

export function engineChoices(engines: EngineMap | undefined): EngineChoice[] {
  return Object.entries(engines ?? {}).map(([name, specs]) => ({
    name,
    unavailable: typeof specs === 'string' ? specs : null,
  }))
}

const specsOf = (engines: EngineMap | undefined, engine: string): EngineSpec[] => {
  const specs = engines?.[engine]
  return Array.isArray(specs) ? specs : []
}

const unique = (values: string[]) => [...new Set(values)]

/** The dependent options of SPEC §4: engine fills formats, format fills sizes, size fills quantizations. */
export function formatOptions(engines: EngineMap | undefined, engine: string): string[] {
  return unique(specsOf(engines, engine).map((spec) => spec.model_format))
}

export function sizeOptions(engines: EngineMap | undefined, engine: string, format: string): string[] {
  return unique(
    specsOf(engines, engine)
      .filter((spec) => spec.model_format === format)
      .map((spec) => sizeKey(spec.model_size_in_billions)),
  )
}

export function quantizationOptions(
  engines: EngineMap | undefined,
  engine: string,
  format: string,
  size: string,
): string[] {
  return unique(
    specsOf(engines, engine)
      .filter((spec) => spec.model_format === format && sizeKey(spec.model_size_in_billions) === size)
      .flatMap((spec) => spec.quantizations),
  )
}

/**
 * Whether Xinference (2.12+) says this engine is not installed where the model runs and comes in a virtual
 * environment (which its workers build with `uv`): launching it without one cannot work.
 */
export function needsVirtualEnv(engines: EngineMap | undefined, engine: string, format: string): boolean {
  return specsOf(engines, engine).some(
    (spec) => spec.model_format === format && spec.virtualenv_required === true,
  )
}

export interface Cascade {
  engine: string
  format: string
  size: string
  quantization: string
}

/**
 * Settles the cascade after a change: a value that is no longer offered is cleared, a single offered option
 * is picked. Since values only survive while they fit, a saved configuration that still fits is kept.
 */
export function settleCascade(engines: EngineMap | undefined, wanted: Cascade): Cascade {
  const pick = (options: string[], value: string) =>
    options.includes(value) ? value : options.length === 1 ? (options[0] ?? '') : ''
  const available = engineChoices(engines)
    .filter((choice) => !choice.unavailable)
    .map((choice) => choice.name)
  const engine = pick(available, wanted.engine)
  const format = pick(formatOptions(engines, engine), wanted.format)
  const size = pick(sizeOptions(engines, engine, format), wanted.size)
  const quantization = pick(quantizationOptions(engines, engine, format, size), wanted.quantization)
  return { engine, format, size, quantization }
}
