import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { RouteTabs } from './route-tabs'

const TABS = [
  { value: 'llm', label: 'Language Models' },
  { value: 'embedding', label: 'Embedding Models' },
  { value: 'rerank', label: 'Rerank Models' },
]

function Harness({ chosen }: { chosen: string[] }) {
  const [value, setValue] = useState('llm')
  return (
    <RouteTabs
      tabs={TABS}
      value={value}
      label="Model types"
      onChange={(next) => {
        chosen.push(next)
        setValue(next)
      }}
    />
  )
}

describe('RouteTabs', () => {
  it('shows the chosen tab as selected and changes on a click, not on a click of the chosen one', async () => {
    const user = userEvent.setup()
    const chosen: string[] = []
    render(<Harness chosen={chosen} />)
    expect(screen.getByRole('tablist', { name: 'Model types' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Language Models')

    await user.click(screen.getByRole('tab', { name: 'Rerank Models' }))
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Rerank Models')
    await user.click(screen.getByRole('tab', { name: 'Rerank Models' }))
    expect(chosen).toEqual(['rerank'])
  })

  it('is one Tab stop, moves the focus with the arrows, Home and End, and chooses with Enter', async () => {
    const user = userEvent.setup()
    const chosen: string[] = []
    render(
      <>
        <Harness chosen={chosen} />
        <button type="button">after</button>
      </>,
    )
    await user.tab()
    expect(screen.getByRole('tab', { name: 'Language Models' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Embedding Models' })).toHaveFocus()
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Rerank Models' })).toHaveFocus()
    await user.keyboard('{Home}')
    expect(screen.getByRole('tab', { name: 'Language Models' })).toHaveFocus()
    await user.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Rerank Models' })).toHaveFocus()
    expect(chosen).toEqual([])

    await user.keyboard('{Enter}')
    expect(chosen).toEqual(['rerank'])
    await user.tab()
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus()
  })
})
