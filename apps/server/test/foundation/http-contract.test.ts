import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_VERSION } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';

describe('HTTP contract: errors, health, SPA, docs, headers', () => {
  let t: TestApp;
  let cookie: string;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await createTestApp({ config: { webDistDir: webDist } });
    cookie = await t.login();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('health needs no session and reports database, queue and version', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      version: APP_VERSION,
      database: { ok: true },
      queue: { ok: true, role: 'all' },
    });
  });

  it('the version constant matches package.json', () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../package.json'), 'utf8'));
    expect(pkg.version).toBe(APP_VERSION);
  });

  it('unknown /api paths are a JSON 404, other GETs get the SPA', async () => {
    const api = await t.request({ method: 'GET', url: '/api/nope', cookie });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found' });
    const page = await t.request({ method: 'GET', url: '/articles/123' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.request({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await t.request({ method: 'GET', url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
  });

  it('sends security headers with a CSP', async () => {
    const res = await t.request({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('bad input never produces a 500', async () => {
    const cases = [
      {
        method: 'POST' as const,
        url: '/api/auth/login',
        payload: '{not json',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'POST' as const,
        url: '/api/auth/login',
        payload: 'password=x',
        headers: { 'content-type': 'text/plain' },
      },
      { method: 'POST' as const, url: '/api/auth/login', payload: { password: 12 } },
      { method: 'POST' as const, url: '/api/auth/login', payload: { password: 'x'.repeat(5000) } },
      { method: 'POST' as const, url: '/api/diagnostics/queue-probes', payload: { message: '' }, cookie },
      { method: 'POST' as const, url: '/api/diagnostics/queue-probes', payload: [], cookie },
      { method: 'GET' as const, url: `/api/diagnostics/queue-probes/${'x'.repeat(300)}`, cookie },
      { method: 'GET' as const, url: '/api/diagnostics/queue-probes/%E0%A4%A', cookie },
    ];
    for (const c of cases) {
      const res = await t.request(c);
      expect(res.statusCode, `${c.method} ${c.url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${c.method} ${c.url}`).toBeLessThan(500);
      const body = res.json();
      expect(typeof body.error).toBe('string');
      expect(typeof body.code).toBe('string');
    }
  });

  it('a validation error names the field and the reason', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/diagnostics/queue-probes',
      payload: { message: '' },
      cookie,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'body.message', message: expect.any(String) }]);
  });

  it('serves the OpenAPI description only to a signed-in operator', async () => {
    expect((await t.request({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(401);
    const res = await t.request({ method: 'GET', url: '/api/docs/json', cookie });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/health']));
    expect(
      doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties.password,
    ).toBeDefined();
    const publishHeaders = doc.paths['/api/articles/{id}/publish'].post.parameters.filter(
      (p: { in: string }) => p.in === 'header',
    );
    expect(publishHeaders.map((p: { name: string }) => p.name)).toEqual(['x-force-publish']);
  });
});
