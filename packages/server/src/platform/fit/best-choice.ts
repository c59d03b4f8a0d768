import type { FileSource } from '@serving-console/contract'
import { GRADE_RANK, runs } from './grade.js'
import type { QuantizationHere, SpecHere } from './quantization-fit.js'

/** One way to launch a model here: a spec at one of its quantizations. */
export interface Choice {
  spec: SpecHere
  fit: QuantizationHere
}

/** Every runnable choice of a model, ranked. */
export function rankChoices(specs: SpecHere[]): Choice[] {
  const choices = specs
    .filter((spec) => spec.runnable)
    .flatMap((spec) => spec.quantizations.map((fit) => ({ spec, fit })))
  // Cached before downloads, then the better grade, then the larger file (more bits, better answers).
  return choices.sort(
    (a, b) =>
      Number(b.fit.cached) - Number(a.fit.cached) ||
      GRADE_RANK[a.fit.fit] - GRADE_RANK[b.fit.fit] ||
      (b.fit.file_bytes ?? 0) - (a.fit.file_bytes ?? 0),
  )
}

/**
 * A model's best choice here, and whether any runs here (fits and its file is here or can be downloaded).
 * `filesOf` says where a choice's file would come from.
 */
export function bestChoice(
  choices: Choice[],
  filesOf: (fit: QuantizationHere) => FileSource,
): { best: Choice | undefined; runsHere: boolean } {
  const fitting = choices.filter(({ fit }) => runs(fit.fit))
  const usable = fitting.filter(({ fit }) => ['here', 'download'].includes(filesOf(fit)))
  // Cached first; else the largest model that fits well at the usual Q4_K_M; else what fits well; else the
  // usual Q4_K_M however it runs (not the largest file: where everything is slow, that is the slowest).
  const usual = ({ fit }: Choice) => /^q4_k_m$/i.test(fit.quantization)
  const pick = (list: Choice[]) =>
    list.find(({ fit }) => fit.cached) ??
    list.find((choice) => choice.fit.fit === 'fits' && usual(choice)) ??
    list.find(({ fit }) => fit.fit === 'fits') ??
    list.find(usual) ??
    list[0]
  return { best: pick(usable) ?? pick(fitting) ?? choices[0], runsHere: usable.length > 0 }
}

/** The hubs a model's choices would download from: those that run and are not here. */
export const hubsNeeded = (choices: Choice[]) =>
  choices.filter(({ fit }) => runs(fit.fit) && !fit.here).flatMap(({ fit }) => fit.hubs)
