/**
 * Bits each weight takes in a GGUF file of a quantization, the embedding and output layers' higher precision
 * included: llama.cpp's `llama-quantize` sizes for an 8B model, turned into bits per weight. Used only when
 * neither the cached file nor the hub tells a file's size.
 */
const BITS: Record<string, number> = {
  f32: 32,
  f16: 16,
  fp16: 16,
  bf16: 16,
  q8_0: 8.5,
  q6_k: 6.57,
  q5_1: 6.04,
  q5_k_m: 5.7,
  q5_k_s: 5.57,
  q5_0: 5.57,
  q4_1: 5.11,
  q4_k_m: 4.9,
  q4_k_s: 4.67,
  q4_0: 4.64,
  q4: 4.64,
  iq4_nl: 4.5,
  iq4_xs: 4.25,
  q3_k_l: 4.31,
  q3_k_m: 4.0,
  q3_k_s: 3.65,
  iq3_m: 3.66,
  iq3_s: 3.44,
  iq3_xs: 3.3,
  iq3_xxs: 3.06,
  q2_k: 3.17,
  q2_k_s: 2.96,
  iq2_m: 2.7,
  iq2_s: 2.5,
  iq2_xs: 2.31,
  iq2_xxs: 2.06,
  iq1_m: 1.75,
  iq1_s: 1.56,
}

/**
 * Bits per weight of a quantization as catalogues spell it (`Q4_K_M`, `q4_k_m`, Unsloth's `UD-Q4_K_XL`,
 * Bartowski's `Q4_K_L`: their larger embedding and output layers are counted as Q8_0); null when unknown.
 */
export function bitsPerWeight(quantization: string): number | null {
  const name = quantization.toLowerCase().replace(/^ud-/, '')
  const exact = BITS[name]
  if (exact !== undefined) return exact
  const large = /^(.*)_(x?l)$/.exec(name)
  const base = large ? (BITS[`${large[1]}_m`] ?? BITS[large[1] ?? '']) : undefined
  return base === undefined ? null : base + 0.3
}
