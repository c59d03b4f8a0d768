import type { AdminUser } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { userLimits } from './user-limits'

const user = (id: number, permissions: string[], enabled = true) =>
  ({ id, username: `u${String(id)}`, permissions, enabled }) as unknown as AdminUser

describe('userLimits', () => {
  it('offers the only enabled administrator neither Disable nor Delete, and says why', () => {
    const admin = user(1, ['admin'])
    const users = [admin, user(2, ['models:list']), user(3, ['admin'], false)]
    const limits = userLimits(admin, users, ['admin'])
    expect(limits.remove).toMatch(/last administrator/)
    expect(limits.toggle).toBe(limits.remove)
    expect(limits.password).toBeNull()
    expect(userLimits(admin, [...users, user(4, ['admin'])], ['admin']).remove).toBeNull()
  })

  it('offers a users:manage holder nothing on an administrator, and no password for scopes beyond theirs', () => {
    const held = ['users:manage', 'models:list']
    const [admin, starter, lister] = [user(1, ['admin']), user(2, ['models:start']), user(3, ['models:list'])]
    const users = [admin, starter, lister]
    expect(userLimits(admin, users, held).permissions).toMatch(/administrator/)
    expect(userLimits(starter, users, held)).toMatchObject({
      password: 'Needs the models:start permission',
      remove: null,
    })
    expect(userLimits(lister, users, held).password).toBeNull()
  })

  it('offers everything where the scopes are unknown (the server decides)', () => {
    const starter = user(2, ['models:start'])
    expect(userLimits(starter, [user(1, ['admin']), starter], null)).toEqual({
      toggle: null,
      permissions: null,
      password: null,
      remove: null,
      quota: null,
    })
  })

  it('offers nobody but an administrator their own limits', () => {
    const [admin, manager] = [user(1, ['admin']), user(2, ['users:manage'])]
    const users = [admin, manager]
    expect(userLimits(manager, users, ['users:manage'], 'u2').quota).toMatch(
      /administrator may change your own/,
    )
    expect(userLimits(admin, users, ['users:manage'], 'u2').quota).toMatch(/Only an administrator/)
    expect(userLimits(user(3, []), users, ['users:manage'], 'u2').quota).toBeNull()
    expect(userLimits(admin, users, ['admin'], 'u1').quota).toBeNull()
  })
})
