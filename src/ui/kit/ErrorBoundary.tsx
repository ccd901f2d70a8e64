/**
 * Render-crash boundary (spec document 1 §8): the error message and React's component stack are posted
 * to the server (POST /api/app/uierror) and the generic error page replaces the crashed tree. Only a staff
 * session reports: on a public page or the sign-in page the crash is logged (see reportCrash). A failed
 * report is only logged: the person already sees the error page, and a second failure must not loop.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';
import { reportCrash, type UiErrorReport } from './reportCrash';

export type { UiErrorReport };

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Where the report goes; by default POST /api/app/uierror through src/api (see reportCrash). */
  report?: (report: UiErrorReport) => Promise<unknown>;
  /** Remounts the children after a crash, e.g. when the route changes. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  failed: boolean;
  resetKey?: string;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  // Navigating elsewhere gives the new screen a fresh chance instead of keeping the error page.
  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { failed: false, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    const send = this.props.report ?? reportCrash;
    const report: UiErrorReport = {
      message: error?.message ?? String(error),
      componentStack: info.componentStack ?? '',
      url: typeof window === 'undefined' ? '' : window.location.href,
    };
    send(report).catch((reportError: unknown) => console.error('Could not report the UI error', reportError));
  }

  override render(): ReactNode {
    if (this.state.failed) return <ErrorPage onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
