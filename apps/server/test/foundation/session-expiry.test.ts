import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { AuthRepository } from '../../src/modules/auth/auth.repository.js';
import { AuthService } from '../../src/modules/auth/auth.service.js';
import { LoginThrottle } from '../../src/modules/auth/login-throttle.js';
import { openTestDatabase } from '../test-database.js';

const HOUR = 3_600_000;

describe('session idle expiry (sliding 24 h)', () => {
  let handle: DatabaseHandle;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  let auth: AuthService;

  beforeAll(async () => {
    handle = await openTestDatabase();
    auth = new AuthService(new AuthRepository(handle.db), new LoginThrottle(() => clock), () => new Date(clock));
    await auth.ensureOperator('the-operator-password');
  });
  afterAll(async () => handle.close());

  it('stays alive while used and ends after 24 h without activity', async () => {
    const { sessionId, loginTime } = await auth.login('the-operator-password', 'c1');
    clock += 23 * HOUR;
    const used = await auth.resolveSession(sessionId, true);
    expect(used).toEqual({ loginTime, lastActivity: new Date(clock).toISOString() });
    clock += 23 * HOUR; // 46 h after login, but only 23 h idle
    expect(await auth.resolveSession(sessionId, false)).not.toBeNull();
    clock += 2 * HOUR; // now 25 h idle
    expect(await auth.resolveSession(sessionId, true)).toBeNull();
    clock -= 2 * HOUR; // an expired session stays ended even if the clock is wound back
    expect(await auth.resolveSession(sessionId, true)).toBeNull();
  });

  it('the status poll (no touch) does not keep a session alive', async () => {
    const { sessionId } = await auth.login('the-operator-password', 'c2');
    for (let i = 0; i < 5; i++) {
      clock += 5 * HOUR;
      await auth.resolveSession(sessionId, false);
    }
    expect(await auth.resolveSession(sessionId, false)).toBeNull();
  });

  it('locks out after 5 failures and unlocks after 900 s', async () => {
    for (let i = 0; i < 4; i++) await expect(auth.login('wrong', 'c3')).rejects.toMatchObject({ status: 401 });
    await expect(auth.login('wrong', 'c3')).rejects.toMatchObject({ status: 429, retryAfter: 900 });
    clock += 899_000;
    await expect(auth.login('the-operator-password', 'c3')).rejects.toMatchObject({ status: 429, retryAfter: 1 });
    clock += 1_000;
    await expect(auth.login('the-operator-password', 'c3')).resolves.toHaveProperty('sessionId');
  });

  it('failures spread over more than 15 minutes do not lock', async () => {
    for (let i = 0; i < 8; i++) {
      await expect(auth.login('wrong', 'c4')).rejects.toMatchObject({ status: 401 });
      clock += 4 * 60_000;
    }
  });
});

describe('live sessions are read from the database at most once a second', () => {
  let handle: DatabaseHandle;
  let clock = Date.parse('2026-02-01T00:00:00Z');
  let auth: AuthService;
  let other: AuthService; // another process on the same database (the web/worker split)

  beforeAll(async () => {
    handle = await openTestDatabase();
    auth = new AuthService(new AuthRepository(handle.db), new LoginThrottle(() => clock), () => new Date(clock));
    other = new AuthService(new AuthRepository(handle.db), new LoginThrottle(() => clock), () => new Date(clock));
    await auth.ensureOperator('the-operator-password');
  });
  afterAll(async () => handle.close());

  it('a logout or a password change in this process ends the session at once', async () => {
    const a = await auth.login('the-operator-password', 'k1');
    const b = await auth.login('the-operator-password', 'k1');
    expect(await auth.resolveSession(a.sessionId, false)).not.toBeNull();
    expect(await auth.resolveSession(b.sessionId, false)).not.toBeNull();
    await auth.logout(a.sessionId);
    expect(await auth.resolveSession(a.sessionId, false)).toBeNull();
    await auth.changePassword('the-operator-password', 'a-new-operator-password', 'none', 'k1');
    expect(await auth.resolveSession(b.sessionId, false)).toBeNull();
    await auth.changePassword('a-new-operator-password', 'the-operator-password', 'none', 'k1');
  });

  it('a session another process ends is refused here within a second', async () => {
    const { sessionId } = await auth.login('the-operator-password', 'k2');
    expect(await auth.resolveSession(sessionId, false)).not.toBeNull();
    await other.logout(sessionId);
    clock += 999;
    expect(await auth.resolveSession(sessionId, false)).not.toBeNull(); // the bound, not a promise
    clock += 1;
    expect(await auth.resolveSession(sessionId, false)).toBeNull();
  });
});
