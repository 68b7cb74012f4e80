import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';
import { rawRequest } from './raw-http.js';

// The routes that declare themselves public, and what they may say without a session.
const PUBLIC_OPERATIONS = new Set([
  'GET /api/health',
  'GET /api/auth/status',
  'POST /api/auth/login',
  'POST /api/auth/logout',
]);
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** Spellings of one path that a router may decode to the same route. */
function spellings(pathname: string, port: number): string[] {
  const rest = pathname.slice('/api'.length);
  const [first = '', ...others] = rest.split('/').filter(Boolean);
  const encodedFirst = [...first].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
  return [
    pathname,
    `/%61pi${rest}`,
    `/%61%70%69${rest}`,
    `/%41%50%49${rest}`,
    `/api/${encodedFirst}${others.length ? `/${others.join('/')}` : ''}`,
    `//api${rest}`,
    `/api/${rest.replace(/^\//, '/')}`,
    `/api/.${rest}`,
    `/x/..${pathname}`,
    `/api${rest}/`,
    `/API${rest}`,
    `/Api${rest.toUpperCase()}`,
    `http://127.0.0.1:${port}${pathname}`,
    `http://127.0.0.1:${port}/%61pi${rest}`,
  ];
}

describe('deny by default: no spelling of a path reaches a route without a session', () => {
  let t: TestApp;
  let port: number;
  let operations: { method: string; path: string }[];
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
    t = await createTestApp({ config: { webDistDir: webDist } });
    const cookie = await t.login();
    // Something to find: a site a leaky route would list.
    await t.request({
      method: 'POST',
      url: '/api/sites',
      cookie,
      payload: { name: 'Secret site', url: 'http://127.0.0.1:9', username: 'admin', password: 'abcd efgh ijkl mnop' },
    });
    const docs = await t.request({ method: 'GET', url: '/api/docs/json', cookie });
    expect(docs.statusCode).toBe(200);
    const paths = docs.json().paths as Record<string, Record<string, unknown>>;
    operations = Object.entries(paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path: p.replace(/\{[^}]+\}/g, '1') })),
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('the OpenAPI description lists the routes the table walks', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations).toContainEqual({ method: 'GET', path: '/api/sites/' });
  });

  it('signed out, every route × spelling × method answers without data (header sent, so only the session decides)', async () => {
    const leaks: string[] = [];
    const paths = [...new Set(operations.map((o) => o.path))];
    for (const p of paths) {
      for (const target of spellings(p, port)) {
        for (const method of METHODS) {
          const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
          const res = await rawRequest(port, method, target, { 'X-Requested-With': 'XMLHttpRequest' }, body);
          if (res.status >= 200 && res.status < 300 && !PUBLIC_OPERATIONS.has(`${method} ${p}`)) {
            leaks.push(
              `${method} ${target} → ${res.status} ${res.headers['content-type'] ?? ''} ${res.body.slice(0, 80)}`,
            );
          }
          if (res.status >= 500) leaks.push(`${method} ${target} → ${res.status}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  }, 240_000);

  it('signed out, a state change without X-Requested-With is refused under every spelling (no-cors requests)', async () => {
    const refused: number[] = [];
    for (const target of spellings('/api/sites', port)) {
      const res = await rawRequest(
        port,
        'POST',
        target,
        {},
        JSON.stringify({ name: 'x', url: 'http://127.0.0.1:9', username: 'a', password: 'b' }),
      );
      refused.push(res.status);
    }
    expect(refused.every((s) => s === 403 || s === 404)).toBe(true);
    expect(refused[1]).toBe(403);
  });

  it('the operator’s data is not changed by any of it', async () => {
    const cookie = await t.login();
    const sites = await t.request({ method: 'GET', url: '/api/sites', cookie });
    expect(sites.json().map((s: { name: string }) => s.name)).toEqual(['Secret site']);
  });

  it('the OpenAPI description itself needs a session, however spelled', async () => {
    for (const target of [
      '/api/docs/json',
      '/%61pi/docs/json',
      '/api/docs',
      '/api/docs/',
      '/%61pi/docs/static/index.html',
    ]) {
      const res = await rawRequest(port, 'GET', target);
      expect([401, 404], target).toContain(res.status);
    }
  });

  it('an API spelling that matches no route gets the JSON 404, never the SPA page', async () => {
    for (const target of ['//api/nothing', '/%61pi/nothing', '/API/nothing', '/x/../api/nothing']) {
      const res = await rawRequest(port, 'GET', target);
      expect(res.status, target).toBe(404);
      expect(res.headers['content-type'], target).toContain('application/json');
    }
    const page = await rawRequest(port, 'GET', '/articles/7');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });
});

describe('a route added without thinking is protected', () => {
  it('needs a session and the header without declaring anything', async () => {
    const t = await createTestApp();
    try {
      t.app.get('/api/added-tomorrow', async () => ({ secret: 42 }));
      t.app.post('/internal/added-tomorrow', async () => ({ done: true }));
      expect((await t.request({ method: 'GET', url: '/api/added-tomorrow' })).statusCode).toBe(401);
      expect((await t.request({ method: 'POST', url: '/internal/added-tomorrow' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/internal/added-tomorrow' })).statusCode).toBe(403);
      const cookie = await t.login();
      expect((await t.request({ method: 'GET', url: '/api/added-tomorrow', cookie })).json()).toEqual({ secret: 42 });
    } finally {
      await t.close();
    }
  });
});
