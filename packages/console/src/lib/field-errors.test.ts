import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { fieldErrorText, fieldOfError } from './field-errors'

const refusal = (detail: string, status = 400) => new ApiError(status, detail, new Response())

describe('fieldOfError', () => {
  it("knows the platform's and every Xinference version's words for a taken uid or name", () => {
    expect(fieldOfError(refusal('Model is already in the model list, uid: tiny'))).toBe('model_uid')
    expect(fieldOfError(refusal('Model name tiny-chat conflicts with a built-in model'))).toBe('model_name')
    expect(fieldOfError(refusal('Model mine is already registered'))).toBe('model_name')
    // As recorded from Xinference v1.8.0 and v2.12.0.
    const v18 = '[address=127.0.0.1:47293, pid=23126] Model name conflicts with existing model my-gguf-llm'
    expect(fieldOfError(refusal(v18))).toBe('model_name')
    expect(fieldErrorText(refusal(v18), 'model_name')).toBe(
      'Model name conflicts with existing model my-gguf-llm',
    )
    expect(
      fieldOfError(refusal('[address=127.0.0.1:23999, pid=22990] Model my-gguf-llm already registered')),
    ).toBe('model_name')
  })

  it('leaves every other failure to the toast', () => {
    expect(fieldOfError(refusal('Model is already in the model list', 500))).toBeNull()
    expect(fieldOfError(refusal('Model not found'))).toBeNull()
    expect(fieldOfError(new Error('Failed to fetch'))).toBeNull()
    expect(fieldErrorText(refusal('Model not found'), 'model_uid')).toBeNull()
  })
})
