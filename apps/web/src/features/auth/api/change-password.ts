import { useMutation } from '@tanstack/react-query';
import {
  changePasswordResponseSchema,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
} from '@abp/contracts';
import { api } from '../../../lib/api-client';

export function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  return api.post('/api/auth/change-password', body, { schema: changePasswordResponseSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
