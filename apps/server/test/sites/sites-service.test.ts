import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawQuery } from '../../src/db/client.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { createSite, fakeWordPressFor, SITE_PASSWORD } from './sites-helpers.js';

describe('SitesService for other modules', () => {
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

  it('getClientForSite unseals the password and reuses the stored REST root', async () => {
    const site = await createSite(t, cookie);
    wp.configs.length = 0;
    const client = await t.services.sites.getClientForSite(site.id, { timeoutMs: 1234 });
    expect(client.baseUrl).toBe('https://garden.example');
    expect(wp.configs).toEqual([
      {
        baseUrl: 'https://garden.example',
        username: 'editor',
        applicationPassword: SITE_PASSWORD,
        restRoot: 'https://garden.example/wp-json/',
        timeoutMs: 1234,
      },
    ]);
  });

  it('getClientForSite discovers and stores a REST root that is still unknown', async () => {
    const site = await createSite(t, cookie);
    await rawQuery(t.ctx.handle, 'UPDATE sites SET rest_root = NULL');
    await t.services.sites.getClientForSite(site.id);
    const [row] = await rawQuery<{ rest_root: string }>(t.ctx.handle, 'SELECT rest_root FROM sites');
    expect(row?.rest_root).toBe('https://garden.example/wp-json/');
  });

  it('requireActiveSite: the row for an active site, a typed SiteUnavailableError for an inactive one or none', async () => {
    const active = await createSite(t, cookie);
    const inactive = await createSite(t, cookie, { url: 'https://off.example', name: 'Off', is_active: false });
    await expect(t.services.sites.requireActiveSite(active.id)).resolves.toMatchObject({
      id: active.id,
      isActive: true,
    });
    // Typed domain errors (issue #14): the HTTP status is the error handler's business.
    await expect(t.services.sites.requireActiveSite(inactive.id)).rejects.toMatchObject({
      reason: 'inactive',
      code: 'site_inactive',
      message: 'The site "Off" is inactive. Switch it on in WordPress Sites first.',
    });
    await expect(t.services.sites.requireActiveSite(99999)).rejects.toMatchObject({
      reason: 'missing',
      code: 'not_found',
    });
  });
});
