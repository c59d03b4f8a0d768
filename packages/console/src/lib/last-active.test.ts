import { describe, expect, it } from 'vitest'
import { lastActivePath } from './last-active'
import { session } from './storage'

describe('lastActivePath', () => {
  it('defaults to /launch_model/llm', () => {
    expect(lastActivePath()).toBe('/launch_model/llm')
    session.set('lastActiveUrl', 'cluster_info')
    expect(lastActivePath()).toBe('/launch_model/llm')
  })

  it('returns the remembered path of the last active section', () => {
    session.set('lastActiveUrl', 'running_models')
    session.set('runningModelType', '/running_models/embedding')
    expect(lastActivePath()).toBe('/running_models/embedding')
    session.set('lastActiveUrl', 'register_model')
    expect(lastActivePath()).toBe('/launch_model/llm')
  })
})
