/** The cosine similarity of two vectors of one length: 1 alike, 0 unrelated, −1 opposite; 0 for a zero vector. */
export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0
  let normA = 0
  let normB = 0
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0
    const y = b[i] ?? 0
    dot += x * y
    normA += x * x
    normB += y * y
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB)
}

/** Every pair's cosine similarity: row i, column j compares vector i with vector j. */
export const cosineMatrix = (vectors: readonly (readonly number[])[]): number[][] =>
  vectors.map((a) => vectors.map((b) => cosine(a, b)))
