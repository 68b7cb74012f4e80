import { useEffect, useId } from 'react';

/*
 * Issue #37 point 7: no form's work is lost without a word. Every form of the app (useContractForm)
 * says here whether it holds unsaved changes; the shell asks before a route change and the
 * browser before the tab closes (UnsavedChangesGuard). One registry rather than a blocker per form:
 * a router supports one blocker at a time, and the Settings page alone has five forms.
 */

interface FormState {
  dirty: boolean;
  /** While its save is sent the form may move on (a save that opens the next screen is not a loss). */
  saving: boolean;
}

const forms = new Map<string, FormState>();

/** True when a form on screen has changes it has not saved (and is not saving them now). */
export function hasUnsavedChanges(): boolean {
  for (const form of forms.values()) if (form.dirty && !form.saving) return true;
  return false;
}

/** Marks the form `id` as being saved (its changes may leave with the navigation its save starts). */
export function setSaving(id: string, saving: boolean): void {
  const form = forms.get(id);
  if (form) form.saving = saving;
}

/** Registers a form's unsaved state for as long as it is mounted; returns its id (for setSaving). */
export function useUnsavedChanges(dirty: boolean): string {
  const id = useId();
  useEffect(() => {
    const form = forms.get(id);
    if (form) form.dirty = dirty;
    else forms.set(id, { dirty, saving: false });
  }, [id, dirty]);
  useEffect(
    () => () => {
      forms.delete(id);
    },
    [id],
  );
  return id;
}

/** The question asked before leaving, shared by the dialog and its tests. */
export const UNSAVED_CHANGES_TEXT = {
  title: 'Leave without saving?',
  message: 'You have unsaved changes on this screen. If you leave now they are lost.',
  leave: 'Leave without saving',
  stay: 'Stay',
} as const;
