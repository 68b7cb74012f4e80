import { type ChangePasswordRequest, type ChangePasswordResponse, changePasswordResponseSchema } from '@abp/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  return api.post('/api/auth/change-password', body, { schema: changePasswordResponseSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
