/**
 * The contract's auth schemas, loaded on first use: when the operator types a password, or when the
 * server says the session is signed in (the signed-in screens need zod anyway).
 */
export const loadAuthSchemas = () => import('./auth-schemas');
