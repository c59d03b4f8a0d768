import type { SubjectLimits, SubjectType } from '@serving-console/contract'
import type { KeyStore } from '../../admin/auth/api-keys.js'
import type { UserStore } from '../../admin/auth/user-store.js'
import { subjectKey, type LimitStore } from './limit-store.js'
import type { Quota, Subject } from './quota.js'

/** The user store and its keys; null without one (an auth file, or no auth): then only models have limits. */
export type SubjectStore = { users: UserStore; keys: KeyStore } | null

/** A user, a key or a model as the limits count and name it (`user alice`, `key "ci" (xf-3f…)`, `model my-llm`). */
export function subjects(store: SubjectStore) {
  const user = (id: number): Subject | undefined => {
    const found = store?.users.byId(id)
    return found && { key: subjectKey('user', id), label: `user ${found.username}`, usage: { user_id: id } }
  }
  const key = (id: number): Subject | undefined => {
    const found = store?.keys.byId(id)
    return (
      found && {
        key: subjectKey('key', id),
        label: `key "${found.name ?? ''}" (${found.key_prefix}…)`,
        usage: { key_id: id },
      }
    )
  }
  const model = (uid: string): Subject => ({
    key: subjectKey('model', uid),
    label: `model ${uid}`,
    usage: { model: uid },
  })
  return { user, key, model }
}

/** A subject's limits and its usage against them, as the API answers them. */
export function subjectLimits(
  limits: LimitStore,
  quota: Quota,
  type: SubjectType,
  id: string,
  subject: Subject,
): SubjectLimits {
  return {
    subject_type: type,
    subject: id,
    label: subject.label.replace(/^(user|key|model) /, ''),
    limits: limits.of(subject.key),
    usage: quota.usageOf(subject),
  }
}

/** Every subject that has limits set, with its usage (`GET /api/v1/limits`, the soft-limit alerts). */
export function limitsSet(limits: LimitStore, quota: Quota, store: SubjectStore): SubjectLimits[] {
  // A user's or key's limits went with them (ON DELETE CASCADE): the store is read again before listing.
  limits.reload()
  const of = subjects(store)
  const listed: SubjectLimits[] = []
  for (const subjectKeyOf of limits.subjects()) {
    const at = subjectKeyOf.indexOf(':')
    const type = subjectKeyOf.slice(0, at) as SubjectType
    const id = subjectKeyOf.slice(at + 1)
    const subject = type === 'user' ? of.user(Number(id)) : type === 'key' ? of.key(Number(id)) : of.model(id)
    if (subject) listed.push(subjectLimits(limits, quota, type, id, subject))
  }
  return listed
}
