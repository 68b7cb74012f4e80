import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { ConnectionBanner } from '../components/connection-banner';
import { theme } from './theme';
import { TOAST_COMPONENTS } from './toast-content';

/** Spec: notifications close after 5 seconds. */
export const TOAST_AUTO_HIDE_MS = 5000;

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        {/* preventDuplicate: the same failure reported twice (e.g. by StrictMode) shows one toast */}
        <SnackbarProvider
          maxSnack={4}
          autoHideDuration={TOAST_AUTO_HIDE_MS}
          preventDuplicate
          // At the top: a dialog's buttons are at its bottom, and a toast must never cover them (issue #17 item 10).
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
          Components={TOAST_COMPONENTS}
        >
          <ConnectionBanner />
          {children}
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
