import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteErrorScreen } from './StatusScreen';

/**
 * Any render failure in a route (including a screen chunk that fails to load) shows the route error
 * screen. Declarative React Router has no errorElement, so this is a plain error boundary; the router keys it by
 * path so moving to another screen starts fresh.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}
