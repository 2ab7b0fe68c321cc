import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';

type Props = {
  children: ReactNode;
  /** Changes when the boundary should start over (e.g. another path). */ resetKey?: string;
};
type State = { error: unknown; resetKey: string | undefined; failed: boolean };

/** Catches a render failure below it and shows the error page in its place. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, resetKey: this.props.resetKey, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { resetKey: props.resetKey, failed: false, error: undefined } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The browser console is the error report until an error-reporting service is configured.
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorPage error={this.state.error} />;
  }
}
