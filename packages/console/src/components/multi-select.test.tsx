import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { MultiSelect } from './multi-select'

function Field() {
  const [value, setValue] = useState<string[]>([])
  return (
    <>
      <MultiSelect label="Status" options={['cached', 'favorite']} value={value} onChange={setValue} />
      <button type="button">elsewhere</button>
    </>
  )
}

const field = () => screen.getByRole('combobox', { name: 'Status' })

describe('MultiSelect', () => {
  it('opens on click, picks several options with the mouse, shows them in the field, closes outside', async () => {
    const user = userEvent.setup()
    render(<Field />)
    expect(field().getAttribute('aria-expanded')).toBe('false')
    await user.click(field())
    expect(field().getAttribute('aria-expanded')).toBe('true')
    await user.click(screen.getByRole('option', { name: 'cached' }))
    await user.click(screen.getByRole('option', { name: 'favorite' }))
    expect(screen.getByRole('option', { name: 'cached' }).getAttribute('aria-selected')).toBe('true')
    expect((field() as HTMLInputElement).value).toBe('cached, favorite')
    // The focus stayed on the field while options were clicked.
    expect(document.activeElement).toBe(field())
    await user.click(screen.getByRole('button', { name: 'elsewhere' }))
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('works from the keyboard: arrows open and move, Enter and Space pick, Escape closes', async () => {
    const user = userEvent.setup()
    render(<Field />)
    field().focus()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('listbox', { name: 'Status' })).toBeTruthy()
    expect(field().getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'cached' }).id,
    )
    await user.keyboard('{ArrowDown}{Enter}')
    expect((field() as HTMLInputElement).value).toBe('favorite')
    await user.keyboard('{Home} ')
    expect((field() as HTMLInputElement).value).toBe('favorite, cached')
    await user.keyboard(' ')
    expect((field() as HTMLInputElement).value).toBe('favorite')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(field().getAttribute('aria-expanded')).toBe('false')
  })
})
