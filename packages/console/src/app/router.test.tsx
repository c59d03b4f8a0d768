import { render, screen as rendered, waitFor } from '@testing-library/react'
import { HashRouter, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ScreenPage, useAddressBarOnMount } from './router'
import type { Screen } from './screens'

describe('useAddressBarOnMount', () => {
  it('follows an address changed between the router reading it and listening for changes', async () => {
    window.history.replaceState(null, '', '#/launch_model/llm')
    let changed = false
    let seen = ''
    // Changes the address during the first render, after HashRouter read it and before its effect listens: the
    // change is never announced to it, as a change the browser made during a transition's pause was not.
    function Probe() {
      seen = useLocation().pathname
      if (!changed) {
        changed = true
        window.history.replaceState(null, '', '#/cluster_info')
      }
      return null
    }
    function Routes() {
      useAddressBarOnMount()
      return null
    }
    render(
      <HashRouter>
        <Probe />
        <Routes />
      </HashRouter>,
    )
    await waitFor(() => expect(seen).toBe('/cluster_info'))
  })
})

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
