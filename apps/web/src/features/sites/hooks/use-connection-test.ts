import type { ConnectionTestResult, Site } from '@abp/contracts';
import { useSnackbar } from 'notistack';
import { useCallback, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useTestConnection } from '../api/test-connection';

export interface ShownTestResult {
  site: Site;
  result: ConnectionTestResult;
}

/** Runs a basic or enhanced test, toasts the verdict and keeps the enhanced result for its dialog. */
export function useConnectionTest() {
  const { enqueueSnackbar } = useSnackbar();
  const { mutateAsync } = useTestConnection();
  // Several sites may be tested at once; each site shows which of its tests is running.
  const [running, setRunning] = useState<Record<number, 'basic' | 'enhanced'>>({});
  const [shown, setShown] = useState<ShownTestResult | null>(null);

  const run = useCallback(
    async (site: Site, enhanced: boolean) => {
      setRunning((prev) => ({ ...prev, [site.id]: enhanced ? 'enhanced' : 'basic' }));
      try {
        const result = await mutateAsync({ id: site.id, enhanced });
        if (result.success) {
          enqueueSnackbar(enhanced ? 'Enhanced connection test successful!' : 'Basic connection test successful!', {
            variant: 'success',
          });
        } else {
          const firstError = Object.values(result.tests).find((t) => !t.success && t.error)?.error;
          enqueueSnackbar(
            firstError && !enhanced ? `Connection test failed: ${firstError}` : 'Connection test failed',
            {
              variant: 'error',
            },
          );
        }
        if (enhanced && Object.keys(result.tests).length > 0) setShown({ site, result });
      } catch (error) {
        const message = isApiError(error) || error instanceof Error ? error.message : String(error);
        enqueueSnackbar(`Connection test failed: ${message}`, { variant: 'error' });
      } finally {
        setRunning(({ [site.id]: _done, ...rest }) => rest);
      }
    },
    [enqueueSnackbar, mutateAsync],
  );

  return { run, running, shown, closeResults: () => setShown(null) };
}
