import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';

/** A chart must never take the dashboard down with it: its failure shows a line of text instead. */
export class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <Typography color="text.secondary">The chart could not be drawn.</Typography>
    ) : (
      this.props.children
    );
  }
}
