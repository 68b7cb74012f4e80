import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onUnauthorized } from '../../../lib/auth-events';
import { FullPageStatus } from '../../../components/full-page-status';
import { authStatusQueryKey, useAuthStatus } from '../api/get-auth-status';
import { LoginScreen } from './login-screen';

/** Renders its children only for a signed-in operator; everyone else gets the login screen. */
export function AuthGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const status = useAuthStatus();

  // Any 401 means the session may have expired: ask the server, and if it agrees the
  // status flips to signed out and the login screen replaces the app.
  useEffect(
    () =>
      onUnauthorized(() => {
        void queryClient.invalidateQueries({ queryKey: authStatusQueryKey });
      }),
    [queryClient],
  );

  if (status.isPending) return <FullPageStatus message="Checking authentication..." />;
  // No answer at all (server down) also lands here: the login form then reports the failure.
  if (!status.data?.authenticated) return <LoginScreen />;
  return children;
}
