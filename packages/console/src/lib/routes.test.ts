import { describe, expect, it } from 'vitest'
import { HOME, lastActivePath, rememberSection, routes } from './routes'
import { session } from './storage'

describe('routes', () => {
  it('build every address from one table', () => {
    expect(HOME).toBe('/launch_model/llm')
    expect(routes.launchModel.href('custom', 'embedding')).toBe('/launch_model/custom/embedding')
    expect(routes.runningModels.href()).toBe('/running_models/LLM')
    expect(routes.registerModel.href('llm', 'my model/x')).toBe('/register_model/llm/my%20model%2Fx')
  })
})

describe('rememberSection and lastActivePath', () => {
  it('default to /launch_model/llm', () => {
    expect(lastActivePath()).toBe('/launch_model/llm')
    session.set('lastActiveUrl', 'cluster_info')
    expect(lastActivePath()).toBe('/launch_model/llm')
  })

  it('remember each section’s tab under SPEC’s keys and lead back to the last one', () => {
    rememberSection('/running_models/embedding')
    expect(session.get('runningModelType')).toBe('/running_models/embedding')
    expect(session.get('lastActiveUrl')).toBe('running_models')
    expect(lastActivePath()).toBe('/running_models/embedding')

    rememberSection('/launch_model/custom/rerank')
    expect(session.get('modelType')).toBe('/launch_model/custom')
    expect(session.get('subType')).toBe('/launch_model/custom/rerank')
    expect(lastActivePath()).toBe('/launch_model/custom/rerank')

    rememberSection('/register_model/audio/my-model')
    expect(session.get('registerModelType')).toBe('/register_model/audio')
    expect(lastActivePath()).toBe('/register_model/audio')

    rememberSection('/cluster_info')
    expect(session.get('lastActiveUrl')).toBe('register_model')
  })
})
