/** The kinds of running model with a playground in the console (docs/playgrounds.md): chat, embedding, rerank. */
export const PLAYGROUND_KINDS: readonly string[] = ['LLM', 'embedding', 'rerank']

export const hasPlayground = (modelType: string) => PLAYGROUND_KINDS.includes(modelType)
