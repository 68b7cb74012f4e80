import type { FastifyRequest } from 'fastify';
import type { AuthService, SessionInfo } from './auth.service.js';

declare module '@fastify/secure-session' {
  interface SessionData {
    sid: string;
  }
}

/** The encrypted cookie carries only the server-side session id. */
export function startSession(request: FastifyRequest, sessionId: string): void {
  request.session.regenerate();
  request.session.set('sid', sessionId);
}

export function sessionIdOf(request: FastifyRequest): string | null {
  return request.session.get('sid') ?? null;
}

export async function endSession(request: FastifyRequest, auth: AuthService): Promise<void> {
  const sid = sessionIdOf(request);
  if (sid) await auth.logout(sid);
  request.session.delete();
}

/**
 * Resolves the request's session. With `touch` (real activity, not the status poll) the cookie is
 * re-issued so its own 24 h expiry slides forward together with the server-side record.
 */
export async function readSession(
  request: FastifyRequest,
  auth: AuthService,
  touch: boolean,
): Promise<SessionInfo | null> {
  const sid = sessionIdOf(request);
  if (!sid) return null;
  const info = await auth.resolveSession(sid, touch);
  if (!info) {
    request.session.delete();
    return null;
  }
  if (touch) request.session.touch();
  return info;
}
