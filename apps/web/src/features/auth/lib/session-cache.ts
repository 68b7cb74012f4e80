import type { AuthStatus } from '@abp/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { authStatusQueryKey, SIGNED_OUT } from '../api/get-auth-status';

/** Signs in locally at once, so the shell appears without waiting for another status call. */
export async function markSignedIn(queryClient: QueryClient, loginTime: string): Promise<void> {
  // A periodic re-check still in flight could answer "signed out" after this and undo it.
  await queryClient.cancelQueries({ queryKey: authStatusQueryKey });
  const status: AuthStatus = { authenticated: true, loginTime, lastActivity: loginTime };
  queryClient.setQueryData(authStatusQueryKey, status);
}

/**
 * Drops everything cached for the signed-in operator. Spec: on logout the local state is
 * cleared whatever the server answered.
 */
export async function clearLocalSession(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.setQueryData(authStatusQueryKey, SIGNED_OUT);
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== authStatusQueryKey[0],
  });
}
