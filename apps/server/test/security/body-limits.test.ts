import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { BODY_LIMITS } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertSite } from '../articles/article-fixtures.js';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test-app.js';
import { sendLargeBody } from './body-flood.js';

/*
 * Issue #31 item 1: every route read and parsed bodies up to 25 MB, the public login and logout
 * included. Each route now has a limit that fits it (BODY_LIMITS), checked before the body is read,
 * and a 413 answered without a session counts like a failed login of its address.
 */
let t: TestApp;
let cookie: string;
let address = 0;
/** A client address of its own, so that one test's refusals do not lock out another's. */
const fresh = () => ({ remoteAddress: `10.31.0.${++address}` });

/** A JSON body of about `bytes` bytes: `{"password":"aaa…"}`. */
const jsonOf = (bytes: number) => `{"password":"${'a'.repeat(Math.max(0, bytes - 15))}"}`;
/** A text of `n` three-byte characters (UTF-8 of most non-Latin scripts): the heaviest text a limit in characters lets through. */
const heavy = (n: number) => '界'.repeat(n);

/** A body streamed without a Content-Length (as a chunked upload is), counting what the server reads. */
function countedStream(total: number): { stream: Readable; read: () => number } {
  let read = 0;
  const chunk = Buffer.alloc(16 * 1024, 'a');
  const stream = new Readable({
    read() {
      if (read === 0) {
        read += 13;
        this.push('{"password":"');
      } else if (read >= total) this.push(null);
      else {
        read += chunk.length;
        this.push(chunk);
      }
    },
  });
  return { stream, read: () => read };
}

const send = (
  method: 'POST' | 'PUT',
  url: string,
  body: string,
  extra: { cookie?: string; remoteAddress?: string } = {},
) => t.request({ method, url, payload: body, headers: { 'content-type': 'application/json' }, ...extra });

function expectTooLarge(res: { statusCode: number; json(): unknown }, limit: string) {
  expect(res.statusCode).toBe(413);
  expect(res.json()).toEqual({
    error: `Request body is too large: this request accepts at most ${limit}`,
    code: 'payload_too_large',
    details: [{ field: 'body', message: `must be at most ${limit}` }],
  });
}

beforeAll(async () => {
  // A web process: a bulk job or an SEO plan is stored, never run.
  t = await createTestApp({ role: 'web' });
  cookie = await t.login();
});
afterAll(() => t.close());

describe('each route reads no more body than it needs', () => {
  it('/api/auth/*: a few KB — login and logout without a session, change-password with one', async () => {
    expectTooLarge(await send('POST', '/api/auth/login', jsonOf(BODY_LIMITS.auth + 1), fresh()), '8 KB');
    expectTooLarge(await send('POST', '/api/auth/logout', jsonOf(BODY_LIMITS.auth + 1), fresh()), '8 KB');
    expectTooLarge(
      await send('POST', '/api/auth/change-password', jsonOf(BODY_LIMITS.auth + 1), { cookie, ...fresh() }),
      '8 KB',
    );
    // The largest password the contract allows, in three-byte characters, still fits.
    const longest = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie,
      payload: { currentPassword: heavy(1024), newPassword: heavy(1024) },
      ...fresh(),
    });
    expect(longest.statusCode).toBe(401);
  });

  it('a request that matches no route gets the same few KB', async () => {
    expectTooLarge(await send('POST', '/api/no-such-route', jsonOf(BODY_LIMITS.auth + 1), fresh()), '8 KB');
    expect((await send('POST', '/api/no-such-route', jsonOf(1000), fresh())).statusCode).toBe(404);
  });

  it('every other route: 1 MB; a body under it reaches validation', async () => {
    expectTooLarge(await send('POST', '/api/sites', jsonOf(BODY_LIMITS.default + 1), { cookie }), '1 MB');
    const under = await send('POST', '/api/sites', jsonOf(BODY_LIMITS.default - 100), { cookie });
    expect(under.statusCode).toBe(400);
    expect(under.json().code).toBe('validation');
    // A blog configuration's 1,000 topics of 200 three-byte characters fit the default.
    const site = await insertSite(t);
    const topics = Array.from({ length: 1000 }, (_, i) => `${i} ${heavy(195)}`);
    const config = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: { site_id: site.id, topics },
    });
    expect(config.statusCode, config.body.slice(0, 300)).not.toBe(413);
    expect(config.statusCode).toBeLessThan(500);
  });

  it('the routes that take long lists, long articles or an image take what their contract allows, and no more', async () => {
    // Bulk generation: 1,000 topics of 500 three-byte characters (~1.5 MB) reach the job's own rules.
    const list = Array.from({ length: 1000 }, (_, i) => `${i} ${heavy(495)}`).join('\n');
    const bulk = await t.request({
      method: 'POST',
      url: '/api/bulk-jobs/start',
      cookie,
      payload: { items_list: list },
    });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().details[0].field).toBe('site_id');
    expectTooLarge(await send('POST', '/api/bulk-jobs/start', jsonOf(BODY_LIMITS.bulkTopics + 1), { cookie }), '2 MB');

    // SEO bulk articles: 100 planned articles, every text at its longest (~2.6 MB), reach the handler.
    const article = (i: number) => ({
      title: `${i} ${heavy(295)}`,
      target_keywords: Array.from({ length: 20 }, (_, k) => `${k} ${heavy(95)}`),
      h2_headings: Array.from({ length: 20 }, (_, k) => `${k} ${heavy(295)}`),
      content_type: heavy(40),
      pillar_parent: heavy(300),
    });
    const seo = await t.request({
      method: 'POST',
      url: '/api/seo-suite/generate-articles-bulk',
      cookie,
      payload: { project_id: 999_999, site_id: 1, articles: Array.from({ length: 100 }, (_, i) => article(i)) },
    });
    expect(seo.statusCode, seo.body.slice(0, 300)).toBe(400);
    expect(seo.json().details[0].field).toBe('project_id');
    expectTooLarge(
      await send('POST', '/api/seo-suite/generate-articles-bulk', jsonOf(BODY_LIMITS.seoBulkArticles + 1), { cookie }),
      '3 MB',
    );

    // An article's edit: content of 2,000,000 three-byte characters (~6 MB) is stored.
    const stored = await insertArticle(t);
    const content = `<p>${heavy(2_000_000 - 7)}</p>`;
    const edit = await t.request({ method: 'PUT', url: `/api/articles/${stored.id}`, cookie, payload: { content } });
    expect(edit.statusCode, edit.body.slice(0, 300)).toBe(200);
    expectTooLarge(
      await send('PUT', `/api/articles/${stored.id}`, jsonOf(BODY_LIMITS.articleEdit + 1), { cookie }),
      '8 MB',
    );

    // Manual generation: a chosen image as a data URL of 10,000,000 characters reaches validation.
    const image = `data:image/png;base64,${'A'.repeat(10_000_000 - 22)}`;
    const manual = await t.request({
      method: 'POST',
      url: '/api/manual/generate',
      cookie,
      payload: { topic: 'x', options: { selectedImageDataUrl: image } },
    });
    expect(manual.statusCode, manual.body.slice(0, 300)).toBe(400);
    expect(manual.json().code).toBe('validation');
    expectTooLarge(
      await send('POST', '/api/manual/generate', jsonOf(BODY_LIMITS.manualGeneration + 1), { cookie }),
      '12 MB',
    );
  }, 120_000);

  it('a Content-Length over the limit is refused before anything is read; a chunked body is cut off once it passes it', async () => {
    const declared = countedStream(24 * 1024 * 1024);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: declared.stream,
      headers: { 'content-type': 'application/json', 'content-length': String(24 * 1024 * 1024) },
      ...fresh(),
    });
    expectTooLarge(res, '8 KB');
    expect(res.headers.connection).toBe('close');
    expect(declared.read()).toBe(0);

    const chunked = countedStream(24 * 1024 * 1024);
    const cut = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: chunked.stream,
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      ...fresh(),
    });
    expectTooLarge(cut, '8 KB');
    expect(cut.headers.connection).toBe('close');
  });

  it('over a real socket: the server stops reading at the limit and closes the connection (24 MB offered)', async () => {
    const server = await createTestApp({ role: 'web' });
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as AddressInfo;
      for (const chunked of [false, true]) {
        const result = await sendLargeBody(port, { path: '/api/auth/login', bytes: 24 * 1024 * 1024, chunked });
        // The answer, or the close that follows it when the client was still writing.
        expect(result.status ?? result.error).toBeOneOf([413, 'write EPIPE', 'read ECONNRESET', 'write ECONNRESET']);
        // What the socket buffers held, not the body: the server read at most its 8 KB.
        expect(result.sentBytes).toBeLessThan(8 * 1024 * 1024);
      }
    } finally {
      await server.close();
    }
  });

  it('an anonymous request to a session route is refused before its body is read, and its connection closed', async () => {
    const body = countedStream(24 * 1024 * 1024);
    const res = await t.request({
      method: 'PUT',
      url: '/api/articles/1',
      payload: body.stream,
      headers: { 'content-type': 'application/json', 'content-length': String(24 * 1024 * 1024) },
      ...fresh(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers.connection).toBe('close');
    expect(body.read()).toBe(0);
  });

  it('the API description lists the 413 of every route that takes a body', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json', cookie })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    const missing = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.requestBody && !op.responses['413'])
        .map(([method]) => `${method} ${path}`),
    );
    expect(doc.paths['/api/articles/{id}']?.put?.responses['413']).toBeDefined();
    expect(missing).toEqual([]);
  });
});

describe('refused bodies count like failed logins', () => {
  it('5 oversized bodies without a session lock the address out: the right password is refused, and so is a body before it is read', async () => {
    const from = fresh();
    for (let i = 0; i < 5; i += 1) {
      const path = i % 2 === 0 ? '/api/auth/login' : '/api/auth/logout';
      expect((await send('POST', path, jsonOf(BODY_LIMITS.auth + 1), from)).statusCode).toBe(413);
    }
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { password: TEST_PASSWORD },
      ...from,
    });
    expect(login.statusCode).toBe(429);
    expect(login.json().retryAfter).toBeGreaterThan(800);

    const body = countedStream(24 * 1024 * 1024);
    const next = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      payload: body.stream,
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      ...from,
    });
    expect(next.statusCode).toBe(429);
    expect(next.json()).toMatchObject({ code: 'rate_limited', retryAfter: expect.any(Number) });
    expect(next.headers['retry-after']).toBeDefined();
    expect(body.read()).toBe(0);
    // Another address is not affected.
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/login', payload: { password: TEST_PASSWORD }, ...fresh() }))
        .statusCode,
    ).toBe(200);
  });

  it("a signed-in operator's oversized bodies are not counted: they never lock the operator out", async () => {
    const from = fresh();
    const stored = await insertArticle(t);
    for (let i = 0; i < 6; i += 1) {
      expect(
        (await send('PUT', `/api/articles/${stored.id}`, jsonOf(BODY_LIMITS.articleEdit + 1), { cookie, ...from }))
          .statusCode,
      ).toBe(413);
    }
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/login', payload: { password: TEST_PASSWORD }, ...from }))
        .statusCode,
    ).toBe(200);
  });

  it('a locked-out address keeps its live session: its bodies are still read', async () => {
    const from = fresh();
    const session = (
      await t.request({ method: 'POST', url: '/api/auth/login', payload: { password: TEST_PASSWORD }, ...from })
    ).cookies.find((c) => c.name === 'abp_session')!;
    const mine = `abp_session=${encodeURIComponent(session.value)}`;
    for (let i = 0; i < 5; i += 1)
      expect((await send('POST', '/api/auth/login', jsonOf(BODY_LIMITS.auth + 1), from)).statusCode).toBe(413);
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/login', payload: { password: TEST_PASSWORD }, ...from }))
        .statusCode,
    ).toBe(429);
    const site = await t.request({ method: 'POST', url: '/api/sites', cookie: mine, payload: { name: '' }, ...from });
    expect(site.statusCode).toBe(400);
    const logout = await t.request({ method: 'POST', url: '/api/auth/logout', cookie: mine, payload: {}, ...from });
    expect(logout.statusCode).toBe(200);
  });
});
