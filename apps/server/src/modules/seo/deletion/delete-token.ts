import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The two-phase delete's confirmation token: the expiry and an HMAC of (project, expiry) under
 * the app secret. Stateless, so it works whichever process answers the second request.
 */

function signature(secret: string, projectId: number, expiresAt: number): string {
  return createHmac('sha256', secret).update(`seo-project-delete:${projectId}:${expiresAt}`).digest('base64url');
}

export function createDeleteToken(secret: string, projectId: number, expiresAt: number): string {
  return `${expiresAt.toString(36)}.${signature(secret, projectId, expiresAt)}`;
}

export type TokenCheck = 'valid' | 'invalid' | 'expired';

export function checkDeleteToken(secret: string, projectId: number, token: string, now: number): TokenCheck {
  const [stamp, given] = token.split('.');
  if (!stamp || !given || !/^[0-9a-z]+$/.test(stamp)) return 'invalid';
  const expiresAt = parseInt(stamp, 36);
  const expected = Buffer.from(signature(secret, projectId, expiresAt));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 'invalid';
  return now > expiresAt ? 'expired' : 'valid';
}
