import { lazy, Suspense, useState } from 'react';
import type { ChangePasswordDialogProps } from './change-password-dialog';

const LoadedDialog = lazy(() => import('./change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })));

/**
 * The change-password dialog, its code and the form library loaded the first time it opens:
 * the shell shows its menu entry on every screen, and the dashboard should not pay for it.
 * Once loaded it stays mounted, so closing keeps its transition and its reset.
 */
export function ChangePasswordDialog(props: ChangePasswordDialogProps) {
  const [requested, setRequested] = useState(props.open);
  // Derived from a prop during render, as React advises, rather than in an effect.
  if (props.open && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LoadedDialog {...props} />
    </Suspense>
  );
}
