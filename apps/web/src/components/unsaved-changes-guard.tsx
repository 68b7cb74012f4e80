import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { hasUnsavedChanges, UNSAVED_CHANGES_TEXT } from '../lib/forms/unsaved-changes';

/**
 * Asks before unsaved form changes are lost (issue #37 point 7): a route change inside the app
 * gets this dialog, closing or reloading the tab the browser's own question. Mounted once, in the shell.
 */
export function UnsavedChangesGuard() {
  // Only a change of page is blocked: a search or hash change on the same page keeps the forms.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && hasUnsavedChanges(),
  );
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers still read returnValue to decide whether to ask.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  const open = blocker.state === 'blocked';
  return (
    <Dialog
      open={open}
      onClose={() => blocker.reset?.()}
      maxWidth="xs"
      fullWidth
      aria-labelledby="unsaved-changes-title"
    >
      <DialogTitle id="unsaved-changes-title">{UNSAVED_CHANGES_TEXT.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{UNSAVED_CHANGES_TEXT.message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {UNSAVED_CHANGES_TEXT.stay}
        </Button>
        <Button onClick={() => blocker.proceed?.()} variant="contained" color="warning">
          {UNSAVED_CHANGES_TEXT.leave}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
