import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { enqueueSnackbar } from 'notistack';
import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';

export const CRASH_TOAST = 'An unexpected error occurred. Please refresh the page.';

interface CrashFallbackProps {
  /** Offered in the content area, where leaving the broken screen may be enough. */
  onRetry?: () => void;
}

/** What the operator sees instead of a blank page when rendering throws. */
export function CrashFallback({ onRetry }: CrashFallbackProps) {
  useEffect(() => {
    enqueueSnackbar(CRASH_TOAST, { variant: 'error' });
  }, []);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
      <Alert severity="error" sx={{ maxWidth: 560, width: '100%' }}>
        <AlertTitle>Something went wrong</AlertTitle>
        The application encountered an unexpected error.
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button
            variant="contained"
            color="error"
            onClick={() => {
              window.location.reload();
            }}
          >
            Reload Page
          </Button>
          {onRetry && (
            <Button color="error" onClick={onRetry}>
              Try Again
            </Button>
          )}
        </Stack>
      </Alert>
    </Box>
  );
}

interface AppErrorBoundaryProps {
  children: ReactNode;
}

/** Catches crashes outside the router (login screen, providers' children). */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Application crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.crashed ? <CrashFallback /> : this.props.children;
  }
}
