import { SESSION_IDLE_TIMEOUT_MS } from '@abp/contracts';
import secureSession from '@fastify/secure-session';
import type { FastifyInstance } from 'fastify';
import { deriveKey } from '../lib/secret-box.js';

export const SESSION_COOKIE = 'abp_session';

/** Encrypted, HttpOnly, SameSite cookie; Secure when the request came over https. */
export async function registerSession(app: FastifyInstance, appSecret: string): Promise<void> {
  const seconds = SESSION_IDLE_TIMEOUT_MS / 1000;
  await app.register(secureSession, {
    key: deriveKey(appSecret, 'session'),
    cookieName: SESSION_COOKIE,
    expiry: seconds,
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: seconds },
  });
}
