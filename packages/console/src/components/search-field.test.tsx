import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { SearchField } from './search-field'

function Harness() {
  const [value, setValue] = useState('')
  return (
    <>
      <input aria-label="other field" />
      <SearchField value={value} onChange={setValue} label="Search" />
    </>
  )
}

describe('SearchField', () => {
  it("focuses on '/' pressed outside any field, but not while typing in another field", async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const search = screen.getByRole('textbox', { name: 'Search' })
    const other = screen.getByRole('textbox', { name: 'other field' })

    await user.click(other)
    await user.keyboard('/')
    expect(other).toHaveValue('/')
    expect(search).not.toHaveFocus()

    other.blur()
    await user.keyboard('/')
    expect(search).toHaveFocus()
    expect(search).toHaveValue('')
  })

  it("shows 'Type / to search' only while empty and unfocused", async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const search = screen.getByRole('textbox', { name: 'Search' })
    expect(screen.getByText('Type / to search')).toBeVisible()
    await user.click(search)
    expect(screen.queryByText('Type / to search')).toBeNull()
    await user.keyboard('qwen')
    await user.click(document.body)
    expect(screen.queryByText('Type / to search')).toBeNull()
    await user.clear(search)
    await user.click(document.body)
    expect(screen.getByText('Type / to search')).toBeVisible()
  })
})
