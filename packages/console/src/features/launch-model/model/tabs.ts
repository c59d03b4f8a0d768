import type { MessageId } from '../../../i18n/catalogue'

interface Tab {
  value: string
  /** A message id: the page says it in the language shown. */
  label: MessageId
  kind: string | null
}

/** The Launch page's tabs (route `launch_model/:Modeltype`): each built-in tab's catalogue kind, then Custom. */
export const KINDS = [
  { value: 'llm', label: 'launch.tab.llm', kind: 'LLM' },
  { value: 'embedding', label: 'launch.tab.embedding', kind: 'embedding' },
  { value: 'rerank', label: 'launch.tab.rerank', kind: 'rerank' },
  { value: 'image', label: 'launch.tab.image', kind: 'image' },
  { value: 'audio', label: 'launch.tab.audio', kind: 'audio' },
] as const satisfies readonly Tab[]
export const TABS = [
  ...KINDS,
  { value: 'custom', label: 'launch.tab.custom', kind: null },
] as const satisfies readonly Tab[]
/** Custom Models' sub-tabs (`launch_model/custom/:subType`). */
export const CUSTOM_TABS = [
  ...KINDS,
  { value: 'flexible', label: 'launch.tab.flexible', kind: 'flexible' },
] as const satisfies readonly Tab[]
