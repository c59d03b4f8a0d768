import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { chooseLocale } from '../../../i18n/i18n'
import { createQueryClient } from '../../../lib/query-client'
import { PLATFORM_FEATURES } from '../../../test/features'
import { defaultDraft, type LlmDraft } from '../model/forms'
import { LlmFields } from './llm-fields'

afterEach(async () => {
  vi.unstubAllGlobals()
  await chooseLocale('en')
})

const FEATURES = { ...PLATFORM_FEATURES, administration: 'users' }

function show(draft: LlmDraft) {
  // The server says what it can do; the form asks nothing else.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(FEATURES)),
  )
  render(
    <QueryClientProvider client={createQueryClient(() => undefined)}>
      <LlmFields
        draft={draft}
        errors={{}}
        families={undefined}
        prompts={undefined}
        onChange={() => undefined}
      />
    </QueryClientProvider>,
  )
}

describe('LlmFields', () => {
  it('names the abilities in the language shown, as the catalogue cards do', async () => {
    await chooseLocale('zh-CN')
    show(defaultDraft('llm'))
    for (const name of ['文本生成', '对话', '视觉'])
      expect(screen.getByRole('checkbox', { name })).toBeInTheDocument()
  })

  it('shows a prompt-style field the family lacks as empty, saying none — never a literal null', () => {
    show({
      ...defaultDraft('llm'),
      model_ability: ['chat'],
      model_family: 'tiny-chat',
      prompt_style: { chat_template: null, stop: ['<|im_end|>'] },
    })
    const template = screen.getByLabelText('chat_template')
    expect(template).toHaveValue('')
    expect(template).toHaveAttribute('placeholder', 'none')
    expect(screen.getByLabelText('stop')).toHaveValue('["<|im_end|>"]')
  })
})
