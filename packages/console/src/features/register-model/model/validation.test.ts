import { describe, expect, it } from 'vitest'
import { defaultDraft, newSpec, toPayload } from './forms'
import { fieldErrors, shownErrors, submitProblem } from './validation'

describe('a new LLM form', () => {
  it('invents no model size: empty until the user or Fill from file gives one; Add Spec keeps SPEC’s 7', () => {
    const draft = defaultDraft('llm')
    expect(draft.specs[0]?.size).toBe('')
    expect(toPayload('llm', draft)).toMatchObject({ model_specs: [{ model_size_in_billions: '' }] })
    expect(submitProblem('llm', { ...draft, model_name: 'm', model_family: 'other' })).toBe(
      'register.validation.blocked',
    )
    expect(newSpec().size).toBe('7')
  })

  it('is not wrong before the user touched it: a field’s error shows once touched, every one once sent', () => {
    const errors = fieldErrors('llm', defaultDraft('llm'))
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['model_family', 'specs.0.size']))
    expect(shownErrors(errors, new Set(), false)).toEqual({})
    expect(Object.keys(shownErrors(errors, new Set(['model_family']), false))).toEqual(['model_family'])
    expect(shownErrors(errors, new Set(), true)).toEqual(errors)
  })
})
