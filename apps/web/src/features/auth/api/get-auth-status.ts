import { type AuthStatus, authStatusSchema } from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Spec: the session is re-checked every 5 minutes, so an expired one lands on the login screen. */
export const AUTH_RECHECK_INTERVAL_MS = 300_000;

export const authStatusQueryKey = ['auth', 'status'] as const;

export const SIGNED_OUT: AuthStatus = { authenticated: false, loginTime: null, lastActivity: null };

export function getAuthStatus(signal?: AbortSignal): Promise<AuthStatus> {
  return api.get('/api/auth/status', { signal, schema: authStatusSchema });
}

export function authStatusQueryOptions() {
  return queryOptions({
    queryKey: authStatusQueryKey,
    queryFn: ({ signal }) => getAuthStatus(signal),
    refetchInterval: AUTH_RECHECK_INTERVAL_MS,
    refetchIntervalInBackground: true,
    // One quick retry: a server that is down should show the login screen, not a long spinner.
    retry: 1,
  });
}

export function useAuthStatus() {
  return useQuery(authStatusQueryOptions());
}
