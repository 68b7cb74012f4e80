import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawQuery } from '../../src/db/client.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { closedPort } from '../wordpress/fake-server.js';
import { createSite, fakeWordPressFor, SITE_PASSWORD, siteBody } from './sites-helpers.js';

describe('sites API: create, read, update', () => {
  let t: TestApp;
  let cookie: string;
  let wp: ReturnType<typeof fakeWordPressFor>;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await rawQuery(t.ctx.handle, 'DELETE FROM sites');
    wp = fakeWordPressFor(t);
  });

  const post = (payload: unknown) =>
    t.request({ method: 'POST', url: '/api/sites', payload: payload as object, cookie });
  const put = (id: number, payload: unknown) =>
    t.request({ method: 'PUT', url: `/api/sites/${id}`, payload: payload as object, cookie });

  it('creates a site, discovers and stores its REST root, and lists it without any password', async () => {
    const res = await post(siteBody());
    expect(res.statusCode).toBe(201);
    const site = res.json();
    expect(site).toMatchObject({
      name: 'Garden Blog',
      url: 'https://garden.example',
      username: 'editor',
      is_active: true,
      content_persona: 'sarah',
      rest_root: 'https://garden.example/wp-json/',
      health_score: null,
      health_checked_at: null,
      deleting: false,
      warning: null,
    });
    expect(Object.keys(site)).not.toContain('password');
    const list = await t.request({ method: 'GET', url: '/api/sites', cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: site.id, rest_root: 'https://garden.example/wp-json/' }),
    ]);
    expect(list.body).not.toContain('password');
    const one = await t.request({ method: 'GET', url: `/api/sites/${site.id}`, cookie });
    expect(one.json()).toMatchObject({ id: site.id, name: 'Garden Blog' });
    // Discovery got the password that was typed (spaces kept) and the login name.
    expect(wp.configs[0]).toMatchObject({
      baseUrl: 'https://garden.example',
      username: 'editor',
      applicationPassword: SITE_PASSWORD,
    });
  });

  it('normalises the URL: trimmed, lower-case host, no query, hash or trailing slash', async () => {
    const site = await createSite(t, cookie, { url: '  HTTPS://Garden.Example/Blog/?utm=1#top  ', name: '  Padded  ' });
    expect(site).toMatchObject({ url: 'https://garden.example/Blog', name: 'Padded' });
  });

  it.each([
    ['name', { name: undefined }, 'body.name'],
    ['blank name', { name: '   ' }, 'body.name'],
    ['url', { url: undefined }, 'body.url'],
    ['blank url', { url: ' ' }, 'body.url'],
    ['username', { username: undefined }, 'body.username'],
    ['blank username', { username: '' }, 'body.username'],
    ['password on create', { password: undefined }, 'body.password'],
    ['blank password on create', { password: '   ' }, 'body.password'],
    ['an ftp URL', { url: 'ftp://garden.example' }, 'body.url'],
    ['a URL without scheme', { url: 'garden.example' }, 'body.url'],
    ['a javascript: URL', { url: 'javascript:alert(1)' }, 'body.url'],
    ['a URL with credentials', { url: 'https://admin:secret@garden.example' }, 'body.url'],
    ['a name over 200 characters', { name: 'x'.repeat(201) }, 'body.name'],
    ['a password over 200 characters', { password: 'p'.repeat(201) }, 'body.password'],
    ['a non-boolean is_active', { is_active: 'yes' }, 'body.is_active'],
    ['a non-string persona', { content_persona: 7 }, 'body.content_persona'],
  ])('refuses a missing or invalid %s with a 400 naming the field', async (_label, change, field) => {
    const res = await post(siteBody(change));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation');
    expect(body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(body.error).toContain(field);
    expect(res.body).not.toContain('secret');
    expect((await rawQuery(t.ctx.handle, 'SELECT id FROM sites')).length).toBe(0);
  });

  it('says why a required field is missing', async () => {
    const res = await post(siteBody({ name: '', password: '' }));
    const messages = (res.json().details as Array<{ field: string; message: string }>).map(
      (d) => `${d.field}: ${d.message}`,
    );
    expect(messages).toEqual(
      expect.arrayContaining(['body.name: Name is required', 'body.password: Application password is required']),
    );
  });

  it.each([
    ['the same URL', 'https://garden.example'],
    ['a trailing slash', 'https://garden.example/'],
    ['upper case', 'https://GARDEN.example'],
    ['the other scheme', 'http://garden.example'],
    ['the wp-admin address', 'https://garden.example/wp-admin/'],
    ['a wp-admin page', 'https://garden.example/wp-admin/post.php?post=3&action=edit'],
    ['the REST API address', 'https://garden.example/wp-json/wp/v2/posts'],
    ['the login page', 'https://garden.example/wp-login.php'],
  ])('refuses a duplicate URL (%s) with a 409 naming the site', async (_label, url) => {
    await createSite(t, cookie);
    const res = await post(siteBody({ url, name: 'Copy' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'conflict',
      error:
        'A site with the URL https://garden.example already exists ("Garden Blog"). Each WordPress site can be added once.',
      details: [{ field: 'url', message: 'already used by another site' }],
    });
  });

  it('stores the site address without the WordPress entry path it was pasted with', async () => {
    const res = await post(siteBody({ url: 'https://garden.example/blog/wp-admin/edit.php' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toBe('https://garden.example/blog');
  });

  it('refuses to move a site onto another site’s URL, but saves its own URL unchanged', async () => {
    await createSite(t, cookie);
    const other = await createSite(t, cookie, { url: 'https://other.example', name: 'Other' });
    expect((await put(other.id, siteBody({ url: 'https://garden.example/', name: 'Other' }))).statusCode).toBe(409);
    const same = await put(other.id, siteBody({ url: 'https://other.example', name: 'Other renamed', password: '' }));
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ name: 'Other renamed', url: 'https://other.example' });
  });

  it('updates the fields; a blank or missing password keeps the stored one', async () => {
    const site = await createSite(t, cookie);
    const sealedBefore = (
      await rawQuery<{ password_sealed: string }>(t.ctx.handle, 'SELECT password_sealed FROM sites')
    )[0]!.password_sealed;
    for (const password of ['', '   ', undefined]) {
      const res = await put(site.id, siteBody({ password, name: 'Renamed', is_active: false, content_persona: '' }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Renamed', is_active: false, content_persona: '' });
    }
    const sealedAfter = (
      await rawQuery<{ password_sealed: string }>(t.ctx.handle, 'SELECT password_sealed FROM sites')
    )[0]!.password_sealed;
    expect(sealedAfter).toBe(sealedBefore);
    const client = await t.services.sites.getClientForSite(site.id);
    expect(client).toBeDefined();
    expect(wp.configs.at(-1)?.applicationPassword).toBe(SITE_PASSWORD);
  });

  it('an update without is_active or content_persona keeps them', async () => {
    const site = await createSite(t, cookie, { is_active: false, content_persona: 'marcus' });
    const res = await put(site.id, { name: 'Renamed', url: 'https://garden.example', username: 'editor' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', is_active: false, content_persona: 'marcus' });
  });

  it('a new password on update replaces the stored one', async () => {
    const site = await createSite(t, cookie);
    expect((await put(site.id, siteBody({ password: 'new1 new2 new3 new4 new5 new6' }))).statusCode).toBe(200);
    await t.services.sites.getClientForSite(site.id);
    expect(wp.configs.at(-1)?.applicationPassword).toBe('new1 new2 new3 new4 new5 new6');
  });

  it('a changed URL forgets the old REST root and health and discovers again', async () => {
    const site = await createSite(t, cookie);
    await rawQuery(
      t.ctx.handle,
      "UPDATE sites SET health_score = 90, health_checked_at = now(), health_details = '{}' WHERE id = $1",
      [site.id],
    );
    const res = await put(
      site.id,
      siteBody({ url: 'https://moved.example', password: 'new1 new2 new3 new4 new5 new6' }),
    );
    expect(res.json()).toMatchObject({
      url: 'https://moved.example',
      rest_root: 'https://moved.example/wp-json/',
      health_score: null,
    });
    expect(wp.fakeAt('https://moved.example').calls).toContain('discover');
  });

  it('saves a site whose WordPress cannot be reached, with rest_root null and a warning', async () => {
    t.services.sites.clientFactory = (await import('../../src/integrations/wordpress/index.js')).createWordPressClient;
    const port = await closedPort();
    const started = Date.now();
    const res = await post(siteBody({ url: `http://127.0.0.1:${port}` }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      rest_root: null,
      warning: expect.stringMatching(
        /^Saved, but the WordPress REST API was not reached: .*Run Full Diagnosis to see why\.$/,
      ),
    });
    expect(res.body).not.toContain(SITE_PASSWORD);
  });

  it('answers 404 for an unknown site on every route and 400 for a malformed id', async () => {
    const calls = [
      { method: 'GET', url: '/api/sites/999' },
      { method: 'PUT', url: '/api/sites/999', payload: siteBody() },
      { method: 'DELETE', url: '/api/sites/999' },
      { method: 'DELETE', url: '/api/sites/999?cascade=true' },
      { method: 'POST', url: '/api/sites/999/test-connection' },
      { method: 'GET', url: '/api/sites/999/health' },
    ] as const;
    for (const call of calls) {
      const res = await t.request({ ...call, cookie });
      expect({ call: call.url, status: res.statusCode, body: res.json() }).toEqual({
        call: call.url,
        status: 404,
        body: { error: 'Site not found', code: 'not_found' },
      });
    }
    const bad = await t.request({ method: 'GET', url: '/api/sites/abc', cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('params.id');
    const badFlag = await t.request({ method: 'POST', url: '/api/sites/1/test-connection?enhanced=maybe', cookie });
    expect(badFlag.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const res = await t.request({ method: 'GET', url: '/api/sites' });
    expect(res.statusCode).toBe(401);
  });
});
