import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthGate } from '../features/auth';
import { AppErrorBoundary } from './crash-fallback';
import { AppProviders } from './providers';

interface AppProps {
  queryClient: QueryClient;
  /** Shown once signed in: the router (main.tsx loads it lazily; tests pass a memory router). */
  children: ReactNode;
}

/** The whole app; the query client and the router come from outside so tests can supply their own. */
export function App({ queryClient, children }: AppProps) {
  return (
    <AppProviders queryClient={queryClient}>
      <AppErrorBoundary>
        <AuthGate>{children}</AuthGate>
      </AppErrorBoundary>
    </AppProviders>
  );
}
