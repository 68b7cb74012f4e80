import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, TEST_PASSWORD, type TestApp } from '../test-app.js';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('reports unauthenticated without a session', async () => {
    const res = await t.request({ method: 'GET', url: '/api/auth/status' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ authenticated: false, loginTime: null, lastActivity: null });
  });

  it('signs in with the right password and reports the session', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { password: TEST_PASSWORD },
      remoteAddress: '10.0.0.1',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(Date.parse(body.loginTime)).not.toBeNaN();
    const cookie = res.cookies.find((c) => c.name === 'abp_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const status = await t.request({ method: 'GET', url: '/api/auth/status', cookie: sessionCookie(res) });
    expect(status.json()).toMatchObject({ authenticated: true, loginTime: body.loginTime });
  });

  it('refuses a wrong password with 401 Invalid password', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { password: 'nope-nope' },
      remoteAddress: '10.0.0.2',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'Invalid password', code: 'unauthenticated' });
  });

  it('locks a client out after 5 failures, even for the right password, with retryAfter', async () => {
    const from = { remoteAddress: '10.0.0.3' };
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { password: `wrong-${i}` },
        ...from,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 429]);
    const right = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { password: TEST_PASSWORD },
      ...from,
    });
    expect(right.statusCode).toBe(429);
    const body = right.json();
    expect(body.retryAfter).toBeGreaterThan(890);
    expect(body.retryAfter).toBeLessThanOrEqual(900);
    expect(right.headers['retry-after']).toBe(String(body.retryAfter));
    // Another client is not affected.
    const other = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { password: TEST_PASSWORD },
      remoteAddress: '10.0.0.4',
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers 400 naming the field for a missing password', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation');
    expect(body.details[0].field).toBe('body.password');
  });

  it('answers 400 "Please enter your password" for spaces only, and does not count it as a failure', async () => {
    for (let i = 0; i < 6; i += 1) {
      const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { password: '   ' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toMatchObject({ field: 'body.password', message: 'Please enter your password' });
    }
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/login', payload: { password: TEST_PASSWORD } })).statusCode,
    ).toBe(200);
  });

  it('requires a session on protected routes and X-Requested-With on state changes', async () => {
    const unauth = await t.request({ method: 'GET', url: '/api/diagnostics/queue-probes/x' });
    expect(unauth.statusCode).toBe(401);
    expect(unauth.json()).toEqual({ error: 'Authentication required', code: 'unauthenticated' });
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { password: TEST_PASSWORD },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().code).toBe('csrf_header_missing');
  });

  it('logs out: even a kept copy of the old cookie no longer authenticates', async () => {
    const cookie = await t.login();
    expect((await t.request({ method: 'GET', url: '/api/auth/status', cookie })).json().authenticated).toBe(true);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'abp_session')?.value).toBe('');
    const replay = await t.request({ method: 'GET', url: '/api/auth/status', cookie });
    expect(replay.json().authenticated).toBe(false);
    const protectedCall = await t.request({ method: 'GET', url: '/api/diagnostics/queue-probes/x', cookie });
    expect(protectedCall.statusCode).toBe(401);
  });

  it('changes the password: the old one stops working and other sessions end, this one stays', async () => {
    const mine = await t.login();
    const other = await t.login();
    const short = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie: mine,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().details[0].field).toBe('body.newPassword');
    const blank = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie: mine,
      payload: { currentPassword: TEST_PASSWORD, newPassword: ' '.repeat(12) },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details[0]).toMatchObject({
      field: 'body.newPassword',
      message: 'New password must contain a character other than spaces',
    });
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie: mine,
      payload: { currentPassword: 'not-it-at-all', newPassword: 'a-new-password' },
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie: mine,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-new-password' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().success).toBe(true);
    const mineStatus = await t.request({ method: 'GET', url: '/api/auth/status', cookie: mine });
    expect(mineStatus.json().authenticated).toBe(true);
    const otherStatus = await t.request({ method: 'GET', url: '/api/auth/status', cookie: other });
    expect(otherStatus.json().authenticated).toBe(false);
    const oldPw = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { password: TEST_PASSWORD },
      remoteAddress: '10.0.0.9',
    });
    expect(oldPw.statusCode).toBe(401);
    await t.login('a-new-password');
  });
});
