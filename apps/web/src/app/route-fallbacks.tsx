import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { enqueueSnackbar } from 'notistack';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { api } from '../lib/api-client';
import { useConnectionLost } from '../lib/connection-status';
import { CrashFallback } from './crash-fallback';
import { LayoutLoadError, PageLoadError } from './lazy-route';
import { LayoutLoadFailed } from './start-up-screens';

export { InitializingScreen } from './start-up-screens';

export const NAVIGATION_FAILED = 'Navigation failed. Please try again.';

function reload() {
  window.location.reload();
}

/** Errors that reach the root route: a layout that could not start, or a crash in the shell. */
export function ShellErrorFallback() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Application layout error', error);
  }, [error]);
  if (error instanceof LayoutLoadError) return <LayoutLoadFailed />;
  return <CrashFallback />;
}

/** Errors inside the content area; the drawer and top bar stay usable. */
export function PageErrorFallback() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const isLoadFailure = error instanceof PageLoadError;

  useEffect(() => {
    console.error('Screen error', error);
    if (!isLoadFailure) return;
    enqueueSnackbar(NAVIGATION_FAILED, { variant: 'error' });
    // Is the server away? Asking says so (the connection banner then waits for it).
    void api.get('/api/health').catch(() => undefined);
  }, [error, isLoadFailure]);

  // The screen's code could not be fetched while the server was away: load it again once it is back.
  const lost = useConnectionLost();
  const wasLost = useRef(false);
  useEffect(() => {
    if (lost) wasLost.current = true;
    else if (wasLost.current && isLoadFailure) reload();
  }, [lost, isLoadFailure]);

  // Navigating to the same place again clears the route error and renders the screen afresh.
  const retry = () => void navigate(location, { replace: true });

  if (isLoadFailure) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={reload}>
            Reload Page
          </Button>
        }
      >
        {NAVIGATION_FAILED}
      </Alert>
    );
  }
  return <CrashFallback onRetry={retry} />;
}
