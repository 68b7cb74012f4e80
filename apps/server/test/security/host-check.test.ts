import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostnameOf } from '../../src/plugins/host-check.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('DNS rebinding: only hosts the operator serves are answered', () => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { allowedHosts: ['poster.example.com'] } });
    proxied = await createTestApp({ config: { trustProxy: true } });
  });
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  const get = (app: TestApp, url: string, headers: Record<string, string>) =>
    app.request({ method: 'GET', url, headers });

  it('a page on another name that resolves here gets 403 for the API, the SPA and health alike', async () => {
    for (const url of ['/api/health', '/api/auth/status', '/', '/assets/x.js']) {
      const res = await get(t, url, { host: 'attacker.example:3000' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'host_not_allowed' });
      expect(res.json().error).toContain('ALLOWED_HOSTS');
    }
  });

  it('a rebound page cannot log in either', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { password: 'x' },
      headers: { host: 'evil.test' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('localhost, IP addresses, the bound host and the configured names are answered', async () => {
    for (const host of [
      'localhost:3000',
      'LOCALHOST',
      '127.0.0.1:3000',
      '[::1]:3000',
      '192.168.1.20',
      'poster.example.com',
      'poster.example.com.:443',
    ]) {
      expect((await get(t, '/api/health', { host })).statusCode, host).toBe(200);
    }
  });

  it('behind a trusted proxy the forwarded host must be one we serve too', async () => {
    expect(
      (await get(proxied, '/api/health', { host: '127.0.0.1:3000', 'x-forwarded-host': 'attacker.example' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await get(proxied, '/api/health', { host: '127.0.0.1:3000', 'x-forwarded-host': 'localhost' })).statusCode,
    ).toBe(200);
    // Without TRUST_PROXY the header means nothing and is not looked at.
    expect(
      (await get(t, '/api/health', { host: '127.0.0.1', 'x-forwarded-host': 'attacker.example' })).statusCode,
    ).toBe(200);
  });

  it('parses host headers strictly', () => {
    expect(hostnameOf('Example.COM:8080')).toBe('example.com');
    expect(hostnameOf('[::1]:80')).toBe('::1');
    expect(hostnameOf('a b')).toBeNull();
    expect(hostnameOf('user@host')).toBeNull();
  });
});
