/**
 * The API client must not know about React or the auth feature, yet a 401 from any call has to
 * send the operator back to the login screen. The client announces it here; the auth feature
 * listens and re-reads the session status.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function notifyUnauthorized(): void {
  for (const listener of listeners) listener();
}
