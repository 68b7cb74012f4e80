import { type LoginRequest, type LoginResponse, loginResponseSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { markSignedIn } from '../lib/session-cache';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return api.post('/api/auth/login', body, { schema: loginResponseSchema });
}

/** Failures are left to the caller: the login form turns each one into its own message. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => markSignedIn(queryClient, result.loginTime),
  });
}
