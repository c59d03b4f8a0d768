import { render, screen as rendered } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ScreenPage } from './router'
import type { Screen } from './screens'

describe('ScreenPage', () => {
  it('shows the page whose code arrived between its render and its effect, instead of a spinner for good', async () => {
    // A transition renders in slices, so the code can land after the render that found none and before the
    // effect that would ask for it: the first read of `Page` finds nothing, every later one finds the page.
    let reads = 0
    const Page = () => <p>the page</p>
    const screen: Screen = {
      path: 'somewhere',
      load: () => Promise.resolve(),
      get Page() {
        return reads++ === 0 ? undefined : Page
      },
    }
    render(<ScreenPage screen={screen} />)
    expect(await rendered.findByText('the page')).toBeInTheDocument()
  })
})
