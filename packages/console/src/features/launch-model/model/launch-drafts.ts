import type { LaunchForm, LaunchKind } from './launch-form'

/**
 * What a launch drawer held when it was closed without launching — by Escape, the backdrop or Go Back — kept per
 * model for this tab's life, so that reopening the model finds the form as it was left, not emptied. Closing is
 * then never a loss, and asks nothing; the drawer offers to discard a kept draft. A launch forgets it.
 */
const drafts = new Map<string, LaunchForm>()
const keyOf = (kind: LaunchKind, modelName: string) => `${kind}/${modelName}`

export const launchDrafts = {
  get(kind: LaunchKind, modelName: string): LaunchForm | undefined {
    return drafts.get(keyOf(kind, modelName))
  },
  keep(kind: LaunchKind, modelName: string, form: LaunchForm): void {
    drafts.set(keyOf(kind, modelName), form)
  },
  forget(kind: LaunchKind, modelName: string): void {
    drafts.delete(keyOf(kind, modelName))
  },
}
