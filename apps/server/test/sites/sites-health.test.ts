import { SITE_HEALTH_LIMITS } from '@abp/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rawQuery } from '../../src/db/client.js';
import { WordPressError } from '../../src/integrations/wordpress/index.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { createSite, fakeWordPressFor } from './sites-helpers.js';

// A fresh app per test: the rate-limit counters live in the app instance.
describe('site health', () => {
  let t: TestApp;
  let cookie: string;
  let wp: ReturnType<typeof fakeWordPressFor>;
  beforeEach(async () => {
    t = await createTestApp();
    cookie = await t.login();
    wp = fakeWordPressFor(t);
  });
  afterEach(async () => t.close());

  const health = (id: number) => t.request({ method: 'GET', url: `/api/sites/${id}/health`, cookie });

  it('runs the light check (discovery, users/me, capabilities), writes nothing, and stores the score', async () => {
    const site = await createSite(t, cookie);
    const fake = wp.fakeAt('https://garden.example');
    fake.calls.length = 0;
    const res = await health(site.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      site_id: site.id,
      success_rate: 1,
      health: { score: 100, rating: 'excellent', recommendations: [] },
      cached: false,
    });
    expect(Object.keys(body.health.checks)).toEqual(['rest_api_discovery', 'authentication', 'user_capabilities']);
    expect(fake.calls).toEqual(['discover', 'getCurrentUser']);
    expect(fake.store.posts.size + fake.store.media.size).toBe(0);
    const listed = (await t.request({ method: 'GET', url: '/api/sites', cookie })).json()[0];
    expect(listed).toMatchObject({ health_score: 100, health_checked_at: body.checked_at });
  });

  it('answers the stored result inside the fresh window instead of asking WordPress again', async () => {
    const site = await createSite(t, cookie);
    const fake = wp.fakeAt('https://garden.example');
    const first = (await health(site.id)).json();
    const callsAfterFirst = fake.calls.length;
    const second = (await health(site.id)).json();
    expect(second).toEqual({ ...first, cached: true });
    expect(fake.calls.length).toBe(callsAfterFirst);
    // Once the stored result is older than the window, a live check runs again.
    await rawQuery(
      t.ctx.handle,
      `UPDATE sites SET health_checked_at = now() - interval '${SITE_HEALTH_LIMITS.freshSeconds + 1} seconds'`,
    );
    const third = (await health(site.id)).json();
    expect(third.cached).toBe(false);
    expect(fake.calls.length).toBeGreaterThan(callsAfterFirst);
  });

  it('rates a site that fails authentication as poor, with advice', async () => {
    const site = await createSite(t, cookie);
    wp.fakeAt('https://garden.example').failAlways(
      'getCurrentUser',
      new WordPressError('bad_credentials', {
        status: 401,
        wpCode: 'rest_not_logged_in',
        message: 'You are not currently logged in.',
      }),
    );
    const body = (await health(site.id)).json();
    expect(body).toMatchObject({ success_rate: 0.33, health: { score: 33, rating: 'poor' } });
    expect(body.health.checks.authentication).toMatchObject({
      success: false,
      error: 'You are not currently logged in.',
    });
    expect(body.health.checks.user_capabilities.error).toMatch(/^Skipped/);
    expect(body.health.recommendations.join(' ')).toMatch(/"editor": it must be the WordPress login name/);
  });

  it('rates missing capabilities as fair', async () => {
    wp = fakeWordPressFor(t, { capabilities: { publish_pages: false } });
    const site = await createSite(t, cookie);
    const body = (await health(site.id)).json();
    expect(body).toMatchObject({ success_rate: 0.67, health: { score: 67, rating: 'fair' } });
    expect(body.health.checks.user_capabilities.error).toBe('Missing capabilities: publish_pages');
  });

  it('answers 429 with retryAfter beyond the per-site limit', async () => {
    const site = await createSite(t, cookie);
    for (let i = 0; i < SITE_HEALTH_LIMITS.perSitePerMinute; i++) expect((await health(site.id)).statusCode).toBe(200);
    const limited = await health(site.id);
    expect(limited.statusCode).toBe(429);
    const body = limited.json();
    expect(body).toMatchObject({
      code: 'rate_limited',
      error: expect.stringMatching(/^Too many health checks for this site/),
    });
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(body.retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers['retry-after']).toBe(String(body.retryAfter));
    // Another site is not affected by this site's limit.
    const other = await createSite(t, cookie, { url: 'https://other.example' });
    expect((await health(other.id)).statusCode).toBe(200);
  });

  it('answers 429 beyond the overall limit across sites', async () => {
    const perSite = SITE_HEALTH_LIMITS.perSitePerMinute;
    const sitesNeeded = Math.ceil(SITE_HEALTH_LIMITS.overallPerMinute / perSite);
    const ids: number[] = [];
    for (let i = 0; i <= sitesNeeded; i++)
      ids.push((await createSite(t, cookie, { url: `https://s${i}.example`, name: `S${i}` })).id);
    let sent = 0;
    for (const id of ids.slice(0, sitesNeeded)) {
      for (let i = 0; i < perSite && sent < SITE_HEALTH_LIMITS.overallPerMinute; i++, sent++)
        expect((await health(id)).statusCode).toBe(200);
    }
    const limited = await health(ids[sitesNeeded]!);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      error: expect.stringMatching(/for all sites/),
      retryAfter: expect.any(Number),
    });
  });

  it('concurrent asks for one site share a single live check', async () => {
    wp = fakeWordPressFor(t, { latencyMs: 50 });
    const site = await createSite(t, cookie);
    const fake = wp.fakeAt('https://garden.example');
    fake.calls.length = 0;
    const answers = await Promise.all([health(site.id), health(site.id), health(site.id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(fake.calls.filter((c) => c === 'getCurrentUser')).toHaveLength(1);
  });
});

describe('connection test through the API (fake WordPress)', () => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp();
    cookie = await t.login();
  });
  afterEach(async () => t.close());

  it('basic: discovery and authentication; enhanced: every check; the REST root is stored', async () => {
    const wp = fakeWordPressFor(t, { discoveryMethod: 'rest_route' });
    const site = await createSite(t, cookie);
    await rawQuery(t.ctx.handle, 'UPDATE sites SET rest_root = NULL');
    const basic = await t.request({ method: 'POST', url: `/api/sites/${site.id}/test-connection`, cookie });
    expect(basic.json()).toMatchObject({
      success: true,
      success_rate: 1,
      mode: 'basic',
      rest_root: 'https://garden.example/?rest_route=/',
    });
    expect(Object.keys(basic.json().tests)).toEqual(['rest_api_discovery', 'authentication']);
    expect((await t.request({ method: 'GET', url: `/api/sites/${site.id}`, cookie })).json().rest_root).toBe(
      'https://garden.example/?rest_route=/',
    );

    const enhanced = (
      await t.request({ method: 'POST', url: `/api/sites/${site.id}/test-connection?enhanced=true`, cookie })
    ).json();
    expect(enhanced).toMatchObject({ success: true, success_rate: 1, mode: 'enhanced' });
    expect(Object.keys(enhanced.tests)).toHaveLength(9);
    for (const check of Object.values(enhanced.tests) as Array<{ response_time: number; error: string | null }>) {
      expect(check.error).toBeNull();
      expect(check.response_time).toBeGreaterThanOrEqual(0);
    }
    // Test post and image were removed again.
    const fake = wp.fakeAt('https://garden.example');
    expect(fake.store.posts.size + fake.store.media.size).toBe(0);
    expect(enhanced.recommendations.join(' ')).toMatch(/plain permalinks/);
  });

  it('an unreadable stored password is a clear 409, not a 500', async () => {
    fakeWordPressFor(t);
    const site = await createSite(t, cookie);
    await rawQuery(t.ctx.handle, "UPDATE sites SET password_sealed = 'v1:AAAA:BBBB:CCCC'");
    const res = await t.request({ method: 'POST', url: `/api/sites/${site.id}/test-connection`, cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'site_password_unreadable',
      error: expect.stringMatching(/enter the application password again/),
    });
  });
});
