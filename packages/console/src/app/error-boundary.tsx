import { Component, type ReactNode } from 'react'
import { ErrorScreen } from './error-screen'

interface Props {
  children: ReactNode
  /** A new value (the next navigation) puts the screens back in place of the error screen. */
  resetKey: string
}

type State = { failed: false; key: string } | { failed: true; error: unknown; key: string }

/** Whatever a screen throws while rendering, or while its code loads, ends on the error screen, not a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, key: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error }
  }

  static getDerivedStateFromProps(props: Props, state: State): State | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey }
  }

  override render() {
    return this.state.failed ? <ErrorScreen error={this.state.error} /> : this.props.children
  }
}
