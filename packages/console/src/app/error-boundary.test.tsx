import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from './error-boundary'

function Broken(): never {
  throw new Error('chunk failed to load')
}

describe('ErrorBoundary', () => {
  it('shows the error screen with the message, and the screens again after the next navigation', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { rerender } = render(
      <ErrorBoundary resetKey="/cluster_info">
        <Broken />
      </ErrorBoundary>,
    )
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy()
    expect(screen.getByText('chunk failed to load')).toBeTruthy()

    rerender(
      <ErrorBoundary resetKey="/launch_model/llm">
        <p>Launch Model</p>
      </ErrorBoundary>,
    )
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).toBeNull()
    expect(screen.getByText('Launch Model')).toBeTruthy()
  })
})
