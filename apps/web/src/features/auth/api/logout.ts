import { logoutResponseSchema } from '@abp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { api, isApiError } from '../../../lib/api-client';
import { clearLocalSession } from '../lib/session-cache';

export function logout(): Promise<unknown> {
  return api.post('/api/auth/logout', undefined, { schema: logoutResponseSchema });
}

/** Logs out on the server if it can, and locally in every case (spec §4 Session). */
export function useLogout() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      enqueueSnackbar('Logged out successfully', { variant: 'success' });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) {
        // The session had already ended on the server: the operator is logged out either way.
        enqueueSnackbar('Logged out successfully', { variant: 'success' });
      } else if (isApiError(error) && !error.isNetworkError) {
        enqueueSnackbar('Logout may not have completed on server', { variant: 'warning' });
      } else {
        enqueueSnackbar('Logout failed, but you have been logged out locally', { variant: 'warning' });
      }
    },
    onSettled: () => clearLocalSession(queryClient),
  });
}
