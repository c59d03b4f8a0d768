import { renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

/** The module afresh, as a page loads it: it reads whether the page has a prerendered screen when it runs. */
const load = async () => {
  vi.resetModules()
  return import('./after-first-screen')
}

describe('useAfterFirstScreen', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('holds what is not the screen until the prerendered screen has been replaced', async () => {
    document.body.innerHTML = '<div id="shell"></div>'
    const { firstScreenShown, useAfterFirstScreen } = await load()
    const { result } = renderHook(() => useAfterFirstScreen())
    expect(result.current).toBe(false)
    firstScreenShown()
    await waitFor(() => expect(result.current).toBe(true))
  })

  it('has nothing to wait for in a page with no prerendered screen', async () => {
    const { useAfterFirstScreen } = await load()
    const { result } = renderHook(() => useAfterFirstScreen())
    expect(result.current).toBe(true)
  })
})
