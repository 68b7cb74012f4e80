import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWordPressClient } from '../../src/integrations/wordpress/index.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { FakeWordPressServer } from '../wordpress/fake-server.js';
import { fakeWordPressFor, SITE_PASSWORD, siteBody } from './sites-helpers.js';

/*
 * The stored application password was entered for one address. Site A (127.0.0.1) is where it
 * belongs; B (127.0.0.2) is another host the site is moved to, or that A redirects to. B must
 * never receive the stored password: only one the operator entered for B.
 */

const NEW_PASSWORD = 'nnnn oooo pppp qqqq rrrr ssss';
const basic = (password: string) => `Basic ${Buffer.from(`editor:${password.replace(/\s+/g, '')}`).toString('base64')}`;

let a: FakeWordPressServer;
let b: FakeWordPressServer;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  a = await FakeWordPressServer.start();
  b = await FakeWordPressServer.start('127.0.0.2');
});
afterAll(async () => {
  await a.close();
  await b.close();
});
beforeEach(async () => {
  a.reset();
  b.reset();
  t = await createTestApp();
  cookie = await t.login();
  t.services.sites.clientFactory = createWordPressClient;
});
afterEach(() => t.close());

const put = (id: number, body: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/sites/${id}`, payload: siteBody(body), cookie });

async function createAt(url: string) {
  const res = await t.request({ method: 'POST', url: '/api/sites', payload: siteBody({ url }), cookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; url: string; rest_root: string | null; warning: string | null };
}

describe('moving a site to another address', () => {
  it('needs the application password again: a blank one is a 400 naming it, and the new host gets nothing', async () => {
    const site = await createAt(a.url);
    expect(site.rest_root).toBe(`${a.url}/wp-json/`);

    const moved = await put(site.id, { url: b.url, password: '' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().details).toEqual([
      {
        field: 'body.password',
        message: expect.stringMatching(/^Enter the application password again: the site's address changed/),
      },
    ]);
    // Another port on the same host is another origin too.
    const otherPort = await FakeWordPressServer.start();
    try {
      expect((await put(site.id, { url: otherPort.url, password: '' })).statusCode).toBe(400);
      expect(otherPort.requests).toEqual([]);
    } finally {
      await otherPort.close();
    }
    expect(b.requests).toEqual([]);
    const stored = await t.request({ method: 'GET', url: `/api/sites/${site.id}`, cookie });
    expect(stored.json()).toMatchObject({ url: a.url, rest_root: `${a.url}/wp-json/` });
  });

  it('sends the new host only the password entered for it', async () => {
    const site = await createAt(a.url);
    const moved = await put(site.id, { url: b.url, password: NEW_PASSWORD });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ url: b.url, rest_root: `${b.url}/wp-json/` });
    await t.request({ method: 'POST', url: `/api/sites/${site.id}/test-connection`, cookie });
    const sent = b.requests.map((r) => r.headers.authorization).filter(Boolean);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent)).toEqual(new Set([basic(NEW_PASSWORD)]));
  });

  it('keeps the stored password for another path on the same origin', async () => {
    const site = await createAt(a.url);
    const res = await put(site.id, { url: `${a.url}/blog`, password: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ url: `${a.url}/blog` });
  });

  it('keeps the stored password for the https upgrade of the same host (the operator typed it)', async () => {
    const wp = fakeWordPressFor(t);
    const created = await t.request({
      method: 'POST',
      url: '/api/sites',
      payload: siteBody({ url: 'http://garden.example' }),
      cookie,
    });
    const id = created.json().id as number;
    const res = await put(id, { url: 'https://garden.example', password: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(wp.configs.at(-1)).toMatchObject({ baseUrl: 'https://garden.example', applicationPassword: SITE_PASSWORD });
    // The way back, to plain http, is not an upgrade: the password must be entered again.
    expect((await put(id, { url: 'http://garden.example', password: '' })).statusCode).toBe(400);
  });
});

describe('a site that redirects to another host', () => {
  beforeEach(() => {
    a.on(
      'GET',
      () => true,
      (req, res) => {
        res.writeHead(301, { Location: `${b.url}${req.url}` });
        res.end();
      },
    );
  });

  it('is saved with a warning naming the new address, and B never sees the password', async () => {
    const site = await createAt(a.url);
    expect(site.rest_root).toBeNull();
    expect(site.warning).toContain(`This site redirects to ${b.url}/`);
    const test = await t.request({
      method: 'POST',
      url: `/api/sites/${site.id}/test-connection?enhanced=true`,
      cookie,
    });
    expect(test.statusCode).toBe(200);
    expect(test.json().recommendations).toContainEqual(
      expect.stringContaining(`This site redirects to ${b.url}/ — update the site URL`),
    );
    expect(test.json().rest_root).toBeNull();
    expect(b.requests).toEqual([]);
  });
});
