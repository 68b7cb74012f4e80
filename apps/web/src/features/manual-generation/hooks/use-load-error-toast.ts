import { useSnackbar } from 'notistack';
import { useEffect } from 'react';

/** One error toast each time a list fails to load (a retry that fails again toasts again). */
export function useLoadErrorToast(query: { isError: boolean; errorUpdatedAt: number }, message: string): void {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    if (query.isError) enqueueSnackbar(message, { variant: 'error' });
  }, [query.isError, query.errorUpdatedAt, message, enqueueSnackbar]);
}
