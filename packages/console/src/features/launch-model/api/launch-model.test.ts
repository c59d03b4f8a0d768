import type { LaunchList } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import { launchFailureShown } from './launch-model'

const failure = (status: number, detail: string) =>
  new ApiError(status, detail, new Response(null, { status }))
const downloadFailed = failure(503, 'Could not download http://hub/qwen.gguf')
const payload = { model_name: 'qwen2.5-instruct', model_type: 'LLM', model_uid: 'my-qwen' }
const listed: LaunchList = [
  { model_uid: 'my-qwen', model_name: 'qwen2.5-instruct', stage: 'downloading' } as LaunchList[number],
]

describe('a failed launch is told once', () => {
  it('under the Model UID when the uid is taken, wherever the user is', () => {
    const taken = failure(400, 'Model is already in the model list, uid: my-qwen')
    expect(launchFailureShown(taken, payload, undefined, 'launch_model', true)).toBe(true)
  })

  it('by the Launches panel on Running Models when it follows that launch', () => {
    expect(launchFailureShown(downloadFailed, payload, listed, 'running_models', false)).toBe(true)
  })

  it('beside LAUNCH while the model’s drawer is open', () => {
    expect(launchFailureShown(downloadFailed, payload, [], 'launch_model', true)).toBe(true)
    expect(launchFailureShown(failure(400, 'Model not found'), payload, [], 'launch_model', true)).toBe(true)
  })

  it('by the toast once the drawer is closed, and for a launch the panel does not list', () => {
    expect(launchFailureShown(downloadFailed, payload, listed, 'launch_model', false)).toBe(false)
    expect(launchFailureShown(downloadFailed, payload, [], 'running_models', false)).toBe(false)
    expect(launchFailureShown(downloadFailed, payload, undefined, 'running_models', false)).toBe(false)
    // A uid the server makes up is not known here: the toast says it.
    const { model_uid: _, ...noUid } = payload
    expect(launchFailureShown(downloadFailed, noUid, listed, 'running_models', false)).toBe(false)
    expect(launchFailureShown(failure(400, 'Model not found'), payload, [], 'running_models', false)).toBe(
      false,
    )
  })
})
