import type { AuthStatus } from '@abp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type ReactNode, useEffect, useState } from 'react';
import { FullPageStatus } from '../../../components/full-page-status';
import { onUnauthorized } from '../../../lib/auth-events';
import { authStatusQueryKey, useAuthStatus } from '../api/get-auth-status';
import { LOGIN_TEXT } from '../lib/login-messages';
import { LoginScreen } from './login-screen';

/** Renders its children only for a signed-in operator; everyone else gets the login screen. */
export function AuthGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { closeSnackbar } = useSnackbar();
  const status = useAuthStatus();
  const authenticated = status.data?.authenticated === true;
  // A 401 while signed in: if the server agrees the session is gone, the login screen says why.
  const [expired, setExpired] = useState(false);

  // Any 401 means the session may have expired: ask the server, and if it agrees the
  // status flips to signed out and the login screen replaces the app.
  useEffect(
    () =>
      onUnauthorized(() => {
        if (queryClient.getQueryData<AuthStatus>(authStatusQueryKey)?.authenticated) setExpired(true);
        void queryClient.invalidateQueries({ queryKey: authStatusQueryKey });
      }),
    [queryClient],
  );
  // The screens' "Failed to load …" toasts of those 401s are not what happened: clear them.
  const showExpiry = expired && !authenticated && !status.isPending;
  useEffect(() => {
    if (showExpiry) closeSnackbar();
  }, [showExpiry, closeSnackbar]);
  if (expired && authenticated && !status.isFetching) setExpired(false);

  if (status.isPending) return <FullPageStatus message="Checking authentication..." />;
  // No answer at all (server down) also lands here: the login form then reports the failure.
  if (!authenticated) return <LoginScreen notice={showExpiry ? LOGIN_TEXT.sessionExpired : undefined} />;
  return children;
}
