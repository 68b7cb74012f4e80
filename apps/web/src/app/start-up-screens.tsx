import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { FullPageCenter } from '../components/full-page-center';
import { FullPageStatus } from '../components/full-page-status';

// No router imports here: these screens show before the router's code is loaded.

/** Shown while the shell's code and the first screen load. */
export function InitializingScreen() {
  return <FullPageStatus message="Initializing application..." />;
}

/** The shell's code could not be loaded (typically a stale chunk after an upgrade). */
export function LayoutLoadFailed() {
  return (
    <FullPageCenter>
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              window.location.reload();
            }}
          >
            Retry
          </Button>
        }
      >
        Failed to initialize application layout
      </Alert>
    </FullPageCenter>
  );
}
