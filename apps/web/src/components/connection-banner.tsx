import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../lib/api-client';
import { useConnectionLost } from '../lib/connection-status';

/** How often the server is asked whether it is back. */
export const CONNECTION_RETRY_MS = 2000;
export const CONNECTION_LOST_TEXT = 'Connection to the server lost — retrying…';

/**
 * "Connection lost — retrying" while the server cannot be reached (issue #17 item 16): it asks the
 * public health endpoint until an answer comes, then every screen refetches what it shows, so
 * nothing stale or failed stays behind.
 */
export function ConnectionBanner() {
  const lost = useConnectionLost();
  const queryClient = useQueryClient();
  const wasLost = useRef(false);

  useEffect(() => {
    if (!lost) {
      if (wasLost.current) void queryClient.invalidateQueries();
      wasLost.current = false;
      return;
    }
    wasLost.current = true;
    // Any answer (the client reports it) ends the outage; a failure keeps the banner.
    const timer = window.setInterval(
      () => void api.get('/api/health', { timeoutMs: CONNECTION_RETRY_MS }).catch(() => undefined),
      CONNECTION_RETRY_MS,
    );
    return () => window.clearInterval(timer);
  }, [lost, queryClient]);

  if (!lost) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      icon={<CircularProgress size={18} color="inherit" aria-hidden />}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.snackbar + 1,
        borderRadius: 0,
        justifyContent: 'center',
      }}
    >
      {CONNECTION_LOST_TEXT}
    </Alert>
  );
}
