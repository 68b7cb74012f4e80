import type { AuthStatus } from '@abp/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loadAuthSchemas } from '../lib/load-auth-schemas';

/** Spec: the session is re-checked every 5 minutes, so an expired one lands on the login screen. */
export const AUTH_RECHECK_INTERVAL_MS = 300_000;

export const authStatusQueryKey = ['auth', 'status'] as const;

export const SIGNED_OUT: AuthStatus = { authenticated: false, loginTime: null, lastActivity: null };

/**
 * Whatever is not a signed-in answer means the login screen, which needs nothing from it: only a
 * signed-in answer is read further, so only it is checked against the contract, with the schema
 * library the signed-in screens load anyway (the login screen loads none, issue #35).
 */
export async function getAuthStatus(signal?: AbortSignal): Promise<AuthStatus> {
  const answer = await api.get<unknown>('/api/auth/status', { signal });
  if (!isSignedInAnswer(answer)) return SIGNED_OUT;
  const { authStatusSchema } = await loadAuthSchemas();
  return authStatusSchema.parse(answer);
}

function isSignedInAnswer(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && 'authenticated' in answer && answer.authenticated === true;
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
