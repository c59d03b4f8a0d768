/** The Launch page's tabs (route `launch_model/:Modeltype`): each built-in tab's catalogue kind, then Custom. */
export const KINDS = [
  { value: 'llm', label: 'Language Models', kind: 'LLM' },
  { value: 'embedding', label: 'Embedding Models', kind: 'embedding' },
  { value: 'rerank', label: 'Rerank Models', kind: 'rerank' },
  { value: 'image', label: 'Image Models', kind: 'image' },
  { value: 'audio', label: 'Audio Models', kind: 'audio' },
] as const
export const TABS = [...KINDS, { value: 'custom', label: 'Custom Models', kind: null }] as const
/** Custom Models' sub-tabs (`launch_model/custom/:subType`). */
export const CUSTOM_TABS = [
  ...KINDS,
  { value: 'flexible', label: 'Flexible Models', kind: 'flexible' },
] as const
