import { useSyncExternalStore } from 'react';

/*
 * Whether the server can be reached (issue #17 item 16): requests that get no answer (or a
 * gateway's "the app is away": 502, 503, 504) mark it lost; any answer marks it back. The banner
 * reads it and the screens recover when it comes back.
 */
let lost = false;
const listeners = new Set<() => void>();

export function reportConnection(reachable: boolean): void {
  if (lost === !reachable) return;
  lost = !reachable;
  for (const listener of listeners) listener();
}

export function isConnectionLost(): boolean {
  return lost;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnectionLost(): boolean {
  return useSyncExternalStore(subscribe, isConnectionLost, isConnectionLost);
}

/** Answers a gateway gives when the app behind it is away. */
export const GATEWAY_AWAY = new Set([502, 503, 504]);
