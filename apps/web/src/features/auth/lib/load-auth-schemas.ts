import type * as schemas from './auth-schemas';

export type AuthSchemas = typeof schemas;

let loaded: AuthSchemas | undefined;

/**
 * The contract's auth schemas, loaded on first use: when the operator types a password, or when the
 * server says the session is signed in (the signed-in screens need zod anyway).
 */
export function loadAuthSchemas(): Promise<AuthSchemas> {
  return import('./auth-schemas').then((module) => (loaded = module));
}

/** The schemas once they have loaded, so a check can run at once, as the operator types or submits. */
export function loadedAuthSchemas(): AuthSchemas | undefined {
  return loaded;
}
