import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createWordPressClient,
  isWordPressError,
  type RetryInfo,
  type WordPressClient,
  type WordPressError,
} from '../../src/integrations/wordpress/index.js';
import { closedPort, FakeWordPressServer, sendHtml, sendJson, wpError } from './fake-server.js';

const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';

let server: FakeWordPressServer;
let retries: RetryInfo[];

function client(overrides: { timeoutMs?: number; baseUrl?: string } = {}): WordPressClient {
  return createWordPressClient({
    baseUrl: overrides.baseUrl ?? server.url,
    username: 'admin',
    applicationPassword: PASSWORD,
    // A known root: the scenarios below must not be mixed with discovery requests.
    restRoot: `${overrides.baseUrl ?? server.url}/wp-json/`,
    timeoutMs: overrides.timeoutMs,
    retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 2_000 },
    onRetry: (info) => retries.push(info),
  });
}

async function failure(promise: Promise<unknown>): Promise<WordPressError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isWordPressError(error)) throw new Error(`expected a WordPressError, got ${String(error)}`);
  // Whatever went wrong, no credential may leak into what gets logged or shown.
  const visible = `${error.message} ${error.advice} ${JSON.stringify(error)} ${error.stack ?? ''}`;
  expect(visible).not.toContain(PASSWORD.replace(/ /g, ''));
  expect(visible).not.toContain('abcd EFGH');
  expect(visible).not.toContain(Buffer.from(`admin:${PASSWORD.replace(/ /g, '')}`).toString('base64'));
  return error;
}

const draft = { title: 'Hello', content: '<p>Hi</p>', status: 'draft' as const };

beforeAll(async () => {
  server = await FakeWordPressServer.start();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  retries = [];
});

describe('WordPress HTTP layer against a misbehaving server', () => {
  it('sends Basic auth with spaces stripped from the application password, and its own User-Agent', async () => {
    await client().getCurrentUser();
    const [request] = server.requestsFor('GET', '/wp-json/wp/v2/users/me');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from('admin:abcdEFGHijklMNOPqrstUVWX').toString('base64')}`,
    );
    expect(request?.headers['user-agent']).toBe('AutomatedBlogPoster/1.3.1 (+self-hosted)');
    expect(request?.url).toBe('/wp-json/wp/v2/users/me?context=edit');
  });

  it('turns a 403 with an HTML page into blocked_by_firewall, not retried', async () => {
    server.on(
      'GET',
      (u) => u.startsWith('/wp-json/wp/v2/users/me'),
      (_q, res) => sendHtml(res, 403, '<html><h1>Access Denied</h1></html>'),
    );
    const error = await failure(client().getCurrentUser());
    expect(error.kind).toBe('blocked_by_firewall');
    expect(error.status).toBe(403);
    expect(error.retryable).toBe(false);
    expect(server.requestsFor('GET')).toHaveLength(1);
  });

  it('tells a 403 JSON rest_cannot_* (role) apart from a firewall', async () => {
    server.on('POST', '/wp-json/wp/v2/posts', (_q, res) =>
      sendJson(res, 403, wpError('rest_cannot_publish', 'Sorry, you are not allowed to publish posts.', 403)),
    );
    const error = await failure(client().posts.create(draft));
    expect(error.kind).toBe('missing_capability');
    expect(error.wpCode).toBe('rest_cannot_publish');
  });

  it('honours Retry-After on a 429 for a GET, then succeeds', async () => {
    server.on(
      'GET',
      (u) => u.startsWith('/wp-json/wp/v2/users/me'),
      (_q, res) => sendJson(res, 429, wpError('too_many', 'Slow down', 429), { 'Retry-After': '1' }),
      1,
    );
    const started = Date.now();
    const user = await client().getCurrentUser();
    expect(user.id).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(retries).toMatchObject([{ kind: 'rate_limited', status: 429, delayMs: 1000, attempt: 1 }]);
    expect(server.requestsFor('GET', '/wp-json/wp/v2/users/me')).toHaveLength(2);
  });

  it('reports rate_limited with retryAfterSeconds (HTTP date form) when retries run out', async () => {
    const inOneSecond = new Date(Date.now() + 1_500).toUTCString();
    server.on(
      'GET',
      (u) => u.startsWith('/wp-json/wp/v2/users/me'),
      (_q, res) => sendHtml(res, 429, 'Too many', { 'Retry-After': inOneSecond }),
    );
    const error = await failure(client().getCurrentUser());
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(0);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(2);
    expect(server.requestsFor('GET')).toHaveLength(3); // default maxAttempts
  });

  it('does not wait for a Retry-After beyond the cap: reports it instead', async () => {
    server.on(
      'GET',
      (u) => u.startsWith('/wp-json/wp/v2/users/me'),
      (_q, res) => sendJson(res, 429, {}, { 'Retry-After': '3600' }),
    );
    const error = await failure(client().getCurrentUser());
    expect(error.retryAfterSeconds).toBe(3600);
    expect(server.requestsFor('GET')).toHaveLength(1);
  });

  it('retries a 5xx on a GET and succeeds', async () => {
    server.on('GET', '/wp-json/wp/v2/posts/7?context=edit', (_q, res) => sendHtml(res, 502, '<h1>Bad gateway</h1>'), 2);
    const post = await client().posts.get(7);
    expect(post.id).toBe(7);
    expect(retries.map((r) => r.kind)).toEqual(['server_error', 'server_error']);
    expect(server.requestsFor('GET', '/wp-json/wp/v2/posts/7')).toHaveLength(3);
  });

  // Issue #34: a site in maintenance mode answers 503 with Retry-After (WordPress: 600 s); it is not hammered meanwhile.
  it('honours Retry-After on a 503 too: a GET waits when it is short, and gives up at once when it is beyond the cap', async () => {
    server.on(
      'GET',
      '/wp-json/wp/v2/posts/7?context=edit',
      (_q, res) => sendJson(res, 503, wpError('maintenance', 'Briefly unavailable', 503), { 'Retry-After': '1' }),
      1,
    );
    expect((await client().posts.get(7)).id).toBe(7);
    expect(retries.map((r) => [r.status, r.delayMs])).toEqual([[503, 1000]]);

    retries = [];
    server.on('GET', '/wp-json/wp/v2/posts/8?context=edit', (_q, res) =>
      sendJson(res, 503, wpError('maintenance', 'Briefly unavailable', 503), { 'Retry-After': '600' }),
    );
    const error = await failure(client().posts.get(8));
    expect(error).toMatchObject({ kind: 'server_error', retryAfterSeconds: 600, retryable: true });
    expect(retries).toHaveLength(0);
    expect(server.requestsFor('GET', '/wp-json/wp/v2/posts/8')).toHaveLength(1);
  });

  it('never repeats a create after a 5xx', async () => {
    server.on(
      'POST',
      '/wp-json/wp/v2/posts',
      (_q, res) => sendJson(res, 500, wpError('db_error', 'Database error', 500)),
      1,
    );
    const error = await failure(client().posts.create(draft));
    expect(error.kind).toBe('server_error');
    expect(error.retryable).toBe(true);
    expect(retries).toHaveLength(0);
    expect(server.requestsFor('POST')).toHaveLength(1);
  });

  it('never repeats a create after a 429 either, but says when to try again', async () => {
    server.on('POST', '/wp-json/wp/v2/posts', (_q, res) => sendJson(res, 429, {}, { 'Retry-After': '1' }), 1);
    const error = await failure(client().posts.create(draft));
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(1);
    expect(server.requestsFor('POST')).toHaveLength(1);
  });

  it.each([
    [301, 'https to the same host', (s: FakeWordPressServer) => s.url.replace('http://', 'https://')],
    [308, 'another host', () => 'http://www.example.invalid'],
  ])('reports a %i redirect of a POST (%s) with the canonical URL and sends no GET', async (status, _label, target) => {
    const base = target(server);
    server.on('POST', '/wp-json/wp/v2/posts', (_q, res) => {
      res.writeHead(status, { Location: `${base}/wp-json/wp/v2/posts` });
      res.end();
    });
    const error = await failure(client().posts.create(draft));
    expect(error.kind).toBe('redirected');
    expect(error.status).toBe(status);
    expect(error.location).toBe(`${base}/wp-json/wp/v2/posts`);
    expect(error.canonicalUrl).toBe(`${base}/`);
    expect(error.advice).toMatch(/canonical address/);
    expect(server.requests.map((r) => r.method)).toEqual(['POST']);
  });

  it('recognises a 200 that is not JSON as not_json', async () => {
    server.on(
      'GET',
      (u) => u.startsWith('/wp-json/wp/v2/users/me'),
      (_q, res) => sendHtml(res, 200, '<!doctype html><p>Maintenance</p>'),
    );
    const error = await failure(client().getCurrentUser());
    expect(error.kind).toBe('not_json');
    expect(error.message).toMatch(/HTML page/);
  });

  it('names PHP warnings printed before the JSON, and accepts JSON behind a UTF-8 BOM', async () => {
    const me = JSON.stringify({ id: 1, username: 'admin' });
    server.on(
      'GET',
      (u) => u.startsWith('/wp-json/wp/v2/users/me'),
      (_q, res) =>
        sendHtml(res, 200, `<br />\n<b>Warning</b>:  Undefined array key in plugin.php on line 3<br />\n${me}`),
      1,
    );
    const error = await failure(client().getCurrentUser());
    expect(error).toMatchObject({ kind: 'not_json', advice: expect.stringMatching(/WP_DEBUG_DISPLAY/) });
    server.on(
      'GET',
      (u) => u.startsWith('/wp-json/wp/v2/users/me'),
      (_q, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(`\uFEFF${me}`);
      },
      1,
    );
    expect((await client().getCurrentUser()).id).toBe(1);
  });

  it('recognises a 200 challenge page (cf-mitigated) as blocked_by_firewall', async () => {
    server.on(
      'GET',
      (u) => u.startsWith('/wp-json/wp/v2/users/me'),
      (_q, res) => sendHtml(res, 200, '<title>Just a moment...</title>', { 'cf-mitigated': 'challenge' }),
    );
    const error = await failure(client().getCurrentUser());
    expect(error.kind).toBe('blocked_by_firewall');
  });

  it('gives the network kind quickly for a closed port', async () => {
    const port = await closedPort();
    const started = Date.now();
    const error = await failure(client({ baseUrl: `http://127.0.0.1:${port}` }).getCurrentUser());
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives the network kind on a timeout, and flags a write whose outcome is unknown', async () => {
    server.on('POST', '/wp-json/wp/v2/posts', () => undefined); // never answers
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 300 }).posts.create(draft));
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/timeout/);
    expect(error.outcomeUnknown).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.requestsFor('POST')).toHaveLength(1);
  });

  it('maps 401 rest_not_logged_in to bad_credentials and rest_no_route to rest_unavailable', async () => {
    server.on(
      'GET',
      (u) => u.startsWith('/wp-json/wp/v2/users/me'),
      (_q, res) => sendJson(res, 401, wpError('rest_not_logged_in', 'Not logged in', 401)),
    );
    expect((await failure(client().getCurrentUser())).kind).toBe('bad_credentials');
    const missing = await failure(client().media.get(5));
    expect(missing.kind).toBe('rest_unavailable');
    expect(missing.wpCode).toBe('rest_no_route');
  });
});
