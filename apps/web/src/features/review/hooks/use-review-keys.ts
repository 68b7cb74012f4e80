import { useEffect, useRef } from 'react';

export interface ReviewKeyHandlers {
  next: () => void;
  previous: () => void;
  approve: () => void;
  reject: () => void;
  check: () => void;
}

/** Typing in a field or a dialog never triggers a shortcut. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('[role="dialog"]')) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The inbox's keys: j/k next and previous, a approve, r reject, x check (no modifier keys). */
export function useReviewKeys(enabled: boolean, handlers: ReviewKeyHandlers): void {
  const latest = useRef(handlers);
  // The listener stays one; it calls the handlers of the last render.
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      const action = { j: 'next', k: 'previous', a: 'approve', r: 'reject', x: 'check' }[event.key] as
        | keyof ReviewKeyHandlers
        | undefined;
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
