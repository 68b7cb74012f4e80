import type { QueryClient } from '@tanstack/react-query';
// RouterProvider from the main entry, not 'react-router/dom': that entry resolves to a second copy
// of the router under Node (CommonJS), whose context the route hooks in tests would not see.
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AuthGate } from '../features/auth';
import { AppErrorBoundary } from './crash-fallback';
import { AppProviders } from './providers';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
}

/** The whole app; the router and query client come from outside so tests can supply their own. */
export function App({ router, queryClient }: AppProps) {
  return (
    <AppProviders queryClient={queryClient}>
      <AppErrorBoundary>
        <AuthGate>
          <RouterProvider router={router} />
        </AuthGate>
      </AppErrorBoundary>
    </AppProviders>
  );
}
