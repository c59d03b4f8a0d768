import { writeGguf, type MetadataValue, type Tensor } from './gguf-writer.js'

/**
 * Tiny GGUF models the platform generates itself, so a launch works with no model hub at all: a ChatML chat
 * model, a mean-pooled embedding model and a Qwen3-layout reranker. Weights are random but seeded, so each file
 * is byte-identical on every run and greedy output is deterministic.
 */
export type TinyKind = 'chat' | 'embedding' | 'rerank'

/** A generated model's size: width, attention heads, feed-forward width and layers. */
export interface TinyShape {
  embd: number
  heads: number
  headsKv: number
  ff: number
  layers: number
}

/** The platform's own models: a token costs well under a millisecond, so a launch and a test are quick. */
export const TINY_SHAPE: TinyShape = { embd: 64, heads: 4, headsKv: 2, ff: 128, layers: 2 }
const CONTEXT = 2048

const CHATML =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"

const WORDS =
  'the a an and of to in is it you that he was for on are with as I his they be at one have this from or had by word but what some we can out other were all there when up use your how said each she which do their time if will way about many then them write would like so these her long make thing see him two has look more day could go come did number sound no most people my over know water than call first who may down side been now find any new work part take get place made live where after back little only round man year came show every good me give our under name very through just form sentence great think say help low line differ turn cause much mean before move right boy old too same tell does set three want air well also play small end put home read hand port large spell add even land here must big high such follow act why ask men change went light kind off need house picture try us again animal point mother world near build self earth father model serve token cluster launch'.split(
    ' ',
  )

/** mulberry32: a small seeded PRNG. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Vocabulary {
  tokens: string[]
  scores: number[]
  types: number[]
  /** Tokens generation must never pick (control and byte tokens), so sampled text stays printable. */
  banned: Set<number>
}

function vocabulary(): Vocabulary {
  const tokens: string[] = []
  const scores: number[] = []
  const types: number[] = []
  const banned = new Set<number>()
  const add = (token: string, type: number, score: number) => {
    if (type !== 1) banned.add(tokens.length)
    tokens.push(token)
    types.push(type)
    scores.push(score)
  }
  add('<unk>', 2, 0)
  add('<s>', 3, 0)
  add('</s>', 3, 0)
  add('<|im_start|>', 3, 0)
  add('<|im_end|>', 3, 0)
  for (let byte = 0; byte < 256; byte++) add(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`, 6, 0)
  const seen = new Set(tokens)
  const normal = (token: string, score: number) => {
    if (seen.has(token)) return
    seen.add(token)
    add(token, 1, score)
  }
  normal('\u2581', -1)
  for (const char of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?:;\'"-()/')
    normal(char, -2)
  WORDS.forEach((word, i) => normal(`\u2581${word}`, -3 - i / 1000))
  return { tokens, scores, types, banned }
}

function tensor(name: string, dims: number[], fill: (i: number) => number): Tensor {
  const data = new Float32Array(dims.reduce((a, b) => a * b, 1))
  for (let i = 0; i < data.length; i++) data[i] = fill(i)
  return { name, dims, data }
}

/**
 * A generated model of `kind`. Another `shape` (the bench's larger model: more layers and width, so a token costs
 * milliseconds like a small real model) keeps the same vocabulary, template and seeded weights' scale.
 */
export function tinyModel(kind: TinyKind, shape: TinyShape = TINY_SHAPE): Buffer {
  const { embd, heads, headsKv, ff, layers } = shape
  const headDim = embd / heads
  const rand = random(kind === 'chat' ? 1 : kind === 'embedding' ? 2 : 3)
  const uniform = (scale: number) => () => (rand() * 2 - 1) * scale
  const vocab = vocabulary()
  const nVocab = vocab.tokens.length
  const arch = kind === 'rerank' ? 'qwen3' : 'llama'
  const ones = () => 1

  // For chat, dimension 0 of every token embedding carries a large constant and the output rows of banned tokens
  // weigh it negatively, which keeps their logits far below the printable tokens'. Embeddings stay free of it:
  // a constant shared by every token would make every text look alike.
  const tensors: Tensor[] = [
    tensor('token_embd.weight', [embd, nVocab], (i) =>
      kind === 'chat' && i % embd === 0 ? 4 : uniform(0.5)(),
    ),
    tensor('output_norm.weight', [embd], ones),
  ]
  if (kind !== 'rerank') {
    tensors.push(
      tensor('output.weight', [embd, nVocab], (i) => {
        const token = Math.floor(i / embd)
        if (i % embd === 0) return vocab.banned.has(token) ? -10 : 0
        return uniform(0.5)()
      }),
    )
  }
  for (let layer = 0; layer < layers; layer++) {
    const blk = `blk.${layer}`
    tensors.push(
      tensor(`${blk}.attn_norm.weight`, [embd], ones),
      tensor(`${blk}.attn_q.weight`, [embd, embd], uniform(0.05)),
      tensor(`${blk}.attn_k.weight`, [embd, headDim * headsKv], uniform(0.05)),
      tensor(`${blk}.attn_v.weight`, [embd, headDim * headsKv], uniform(0.05)),
      tensor(`${blk}.attn_output.weight`, [embd, embd], uniform(0.05)),
      tensor(`${blk}.ffn_norm.weight`, [embd], ones),
      tensor(`${blk}.ffn_gate.weight`, [embd, ff], uniform(0.05)),
      tensor(`${blk}.ffn_up.weight`, [embd, ff], uniform(0.05)),
      tensor(`${blk}.ffn_down.weight`, [ff, embd], uniform(0.05)),
    )
    if (kind === 'rerank') {
      tensors.push(
        tensor(`${blk}.attn_q_norm.weight`, [headDim], ones),
        tensor(`${blk}.attn_k_norm.weight`, [headDim], ones),
      )
    }
  }
  if (kind === 'rerank') tensors.push(tensor('cls.output.weight', [embd, 2], uniform(0.5)))

  const metadata: Record<string, MetadataValue> = {
    'general.architecture': { type: 'string', value: arch },
    'general.name': { type: 'string', value: `tiny-${kind}` },
    [`${arch}.context_length`]: { type: 'u32', value: CONTEXT },
    [`${arch}.embedding_length`]: { type: 'u32', value: embd },
    [`${arch}.block_count`]: { type: 'u32', value: layers },
    [`${arch}.feed_forward_length`]: { type: 'u32', value: ff },
    [`${arch}.attention.head_count`]: { type: 'u32', value: heads },
    [`${arch}.attention.head_count_kv`]: { type: 'u32', value: headsKv },
    [`${arch}.rope.dimension_count`]: { type: 'u32', value: headDim },
    [`${arch}.attention.layer_norm_rms_epsilon`]: { type: 'f32', value: 1e-5 },
    'tokenizer.ggml.model': { type: 'string', value: 'llama' },
    'tokenizer.ggml.tokens': { type: 'string[]', value: vocab.tokens },
    'tokenizer.ggml.scores': { type: 'f32[]', value: vocab.scores },
    'tokenizer.ggml.token_type': { type: 'i32[]', value: vocab.types },
    'tokenizer.ggml.bos_token_id': { type: 'u32', value: 1 },
    'tokenizer.ggml.eos_token_id': { type: 'u32', value: kind === 'chat' ? 4 : 2 },
    'tokenizer.ggml.unknown_token_id': { type: 'u32', value: 0 },
  }
  if (kind === 'chat') metadata['tokenizer.chat_template'] = { type: 'string', value: CHATML }
  if (kind === 'embedding') metadata['llama.pooling_type'] = { type: 'u32', value: 1 }
  if (kind === 'rerank') {
    metadata['qwen3.attention.key_length'] = { type: 'u32', value: headDim }
    metadata['qwen3.attention.value_length'] = { type: 'u32', value: headDim }
    metadata['qwen3.pooling_type'] = { type: 'u32', value: 4 }
    metadata['qwen3.classifier.output_labels'] = { type: 'string[]', value: ['yes', 'no'] }
  }
  return writeGguf(metadata, tensors)
}
