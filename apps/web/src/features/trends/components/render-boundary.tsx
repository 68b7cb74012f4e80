import Alert from '@mui/material/Alert';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** The text shown instead of the section when it fails to render. */
  message: string;
  children: ReactNode;
}

/** Keeps a table that cannot render (unexpected data) from taking the whole screen down. */
export class RenderBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(this.props.message, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <Alert severity="error">{this.props.message}</Alert> : this.props.children;
  }
}
