import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './route-error-page';

interface State {
  error: unknown;
}

/** Catches a page that failed to load (after the automatic reload) and shows the friendly page. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    if (this.state.error) return <RouteErrorPage />;
    return this.props.children;
  }
}
