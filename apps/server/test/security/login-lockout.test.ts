import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordGate } from '../../src/modules/auth/password-gate.js';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test-app.js';

const tally = (codes: number[]) =>
  codes.reduce<Record<number, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});

describe('a lockout that holds under concurrency', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('40 parallel attempts from one address: 4 × 401, the rest 429 — the right password among them too', async () => {
    const from = { remoteAddress: '10.1.0.1' };
    const attempts = Array.from({ length: 40 }, (_, i) =>
      t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { password: i === 20 ? TEST_PASSWORD : `wrong-${i}` },
        ...from,
      }),
    );
    const codes = (await Promise.all(attempts)).map((r) => r.statusCode);
    expect(tally(codes)).toEqual({ 401: 4, 429: 36 });
    // The lockout is in force afterwards: the right password is refused.
    const after = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { password: TEST_PASSWORD },
      ...from,
    });
    expect(after.statusCode).toBe(429);
    expect(after.json().retryAfter).toBeGreaterThan(800);
  });

  it('the right password sent together with the failures that begin a lockout is refused', async () => {
    const from = { remoteAddress: '10.1.0.2' };
    const wrong = Array.from({ length: 5 }, (_, i) =>
      t.request({ method: 'POST', url: '/api/auth/login', payload: { password: `bad-${i}` }, ...from }),
    );
    const right = t.request({ method: 'POST', url: '/api/auth/login', payload: { password: TEST_PASSWORD }, ...from });
    const codes = (await Promise.all([...wrong, right])).map((r) => r.statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 429]);
    expect(codes[5]).toBe(429);
  });

  it('change-password counts wrong current passwords with the same limiter', async () => {
    const cookie = await t.login();
    const from = { remoteAddress: '10.1.0.3' };
    const codes: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        cookie,
        payload: { currentPassword: `guess-${i}-xx`, newPassword: 'a brand new password' },
        ...from,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 429, 429, 429]);
    const right = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new password' },
      ...from,
    });
    expect(right.statusCode).toBe(429);
  });

  it('a flood of 150 wrong logins is bounded: a few checks at once, the overflow refused at once, health answered meanwhile', async () => {
    const flood = Array.from({ length: 150 }, (_, i) =>
      t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { password: `flood-${i}` },
        remoteAddress: `10.2.${Math.floor(i / 250)}.${i % 250}`,
      }),
    );
    let floodDone = false;
    const all = Promise.all(flood).then((r) => {
      floodDone = true;
      return r;
    });
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(floodDone).toBe(false);
    const codes = (await all).map((r) => r.statusCode);
    const counts = tally(codes);
    expect(counts[401]).toBeLessThanOrEqual(34);
    expect(counts[429]).toBeGreaterThanOrEqual(116);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(150);
    const busy = (await all).find((r) => r.statusCode === 429);
    expect(busy?.json()).toMatchObject({ code: 'rate_limited', retryAfter: 1 });
  }, 180_000);
});

describe('PasswordGate', () => {
  it('never runs more checks at once than its limit, and refuses beyond its queue', async () => {
    const gate = new PasswordGate({ active: 2, waiting: 3, perClient: 5 });
    const release: (() => void)[] = [];
    const slow = () => new Promise<void>((resolve) => release.push(resolve));
    const runs = Array.from({ length: 8 }, (_, i) =>
      gate.run(`client-${i}`, slow).then(
        () => 'ok',
        (e: Error) => e.message,
      ),
    );
    await new Promise((r) => setImmediate(r));
    expect(release).toHaveLength(2);
    while (release.length) {
      release.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    const results = await Promise.all(runs);
    expect(results.filter((r) => r === 'ok')).toHaveLength(5);
    expect(results.filter((r) => r.includes('in progress'))).toHaveLength(3);
    expect(gate.peakActive).toBe(2);
  });
});
