import type { LoginRequest, LoginResponse } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loadAuthSchemas } from '../lib/load-auth-schemas';
import { markSignedIn } from '../lib/session-cache';

export async function login(body: LoginRequest): Promise<LoginResponse> {
  const answer = await api.post<unknown>('/api/auth/login', body);
  const { loginResponseSchema } = await loadAuthSchemas();
  return loginResponseSchema.parse(answer);
}

/** Failures are left to the caller: the login form turns each one into its own message. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => markSignedIn(queryClient, result.loginTime),
  });
}
