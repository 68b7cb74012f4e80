import type { TrendSettings } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { SettingsRepository } from '../../src/modules/settings/settings.repository.js';
import { TrendSettingsService } from '../../src/modules/trends/trend-settings.service.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('TREND_* environment variables', () => {
  it('default to the Google Trends feed for the US, checked every 4 hours', () => {
    expect(loadConfig({}).trends).toEqual({ feeds: null, geo: 'US', intervalHours: 4 });
  });

  it('are read: a comma-separated feed list, a country code in any case, 0 to turn the schedule off', () => {
    expect(
      loadConfig({
        TREND_FEEDS: ' https://a.example/rss , ,http://b.example/atom',
        TREND_GEO: 'gb',
        TREND_CHECK_INTERVAL_HOURS: '0',
      }).trends,
    ).toEqual({
      feeds: ['https://a.example/rss', 'http://b.example/atom'],
      geo: 'GB',
      intervalHours: 0,
    });
  });

  it.each([
    [
      { TREND_FEEDS: 'https://a.example/rss,ftp://b.example/x' },
      'Invalid TREND_FEEDS: must be comma-separated http:// or https:// URLs',
    ],
    [{ TREND_GEO: 'USA' }, 'Invalid TREND_GEO: must be a two-letter country code such as US or GB'],
    [{ TREND_CHECK_INTERVAL_HOURS: 'often' }, 'Invalid TREND_CHECK_INTERVAL_HOURS: must be a number'],
    [
      { TREND_CHECK_INTERVAL_HOURS: '-1' },
      'Invalid TREND_CHECK_INTERVAL_HOURS: must be at least 0 (0 turns the schedule off)',
    ],
    [{ TREND_CHECK_INTERVAL_HOURS: '1.5' }, 'Invalid TREND_CHECK_INTERVAL_HOURS: must be a whole number of hours'],
  ])('stop the start with one line naming the variable: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({
    config: { trends: { feeds: ['https://env.example/feed.xml'], geo: 'US', intervalHours: 6 } },
  });
  cookie = await t.login();
});
afterAll(async () => t?.close());

const get = async () =>
  (await t.request({ method: 'GET', url: '/api/settings/trends', cookie })).json() as TrendSettings;
const put = (payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/settings/trends', cookie, payload });

describe('Settings → Trends', () => {
  it('shows the environment until something is saved', async () => {
    expect(await get()).toEqual({
      feeds: ['https://env.example/feed.xml'],
      feeds_default: false,
      geo: 'US',
      interval_hours: 6,
      sources: { feeds: 'environment', geo: 'environment', interval_hours: 'environment' },
      saved_at: null,
      live_sites: [],
    });
  });

  it('saved values override the environment; duplicates are dropped; null keeps the environment', async () => {
    const res = await put({
      feeds: ['https://saved.example/a.xml', 'https://saved.example/a.xml', ' https://saved.example/b.xml '],
      geo: 'de',
      interval_hours: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      feeds: ['https://saved.example/a.xml', 'https://saved.example/b.xml'],
      geo: 'DE',
      interval_hours: 6,
      sources: { feeds: 'saved', geo: 'saved', interval_hours: 'environment' },
      saved_at: expect.any(String),
    });
    expect((await get()).feeds).toEqual(['https://saved.example/a.xml', 'https://saved.example/b.xml']);
    expect((await t.services.trendSettings.resolve()).feeds).toEqual([
      'https://saved.example/a.xml',
      'https://saved.example/b.xml',
    ]);
  });

  it('an empty feed list falls back to the environment', async () => {
    expect((await put({ feeds: [], geo: null, interval_hours: 0 })).json()).toMatchObject({
      feeds: ['https://env.example/feed.xml'],
      interval_hours: 0,
      sources: { feeds: 'environment', interval_hours: 'saved' },
    });
  });

  it.each([
    [{ feeds: ['ftp://x.example/feed'] }, 'body.feeds.0', 'Feed URL must be an http:// or https:// address'],
    [{ feeds: ['not a url'] }, 'body.feeds.0', 'Feed URL must be an http:// or https:// address'],
    [{ feeds: Array.from({ length: 21 }, (_, i) => `https://f.example/${i}`) }, 'body.feeds', 'At most 20 feeds'],
    [{ geo: 'USA' }, 'body.geo', 'Country must be a two-letter code such as US or GB'],
    [{ interval_hours: 169 }, 'body.interval_hours', 'Interval must be at most 168 hours'],
    [{ interval_hours: -1 }, 'body.interval_hours', 'Interval must be at least 0 (0 turns scheduled checks off)'],
    [{ interval_hours: 2.5 }, 'body.interval_hours', 'Interval must be a whole number of hours'],
  ])('rejects %o with a 400 naming the field', async (payload, field, message) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toEqual({ field, message });
  });

  it('reset forgets the saved values', async () => {
    const res = await t.request({ method: 'DELETE', url: '/api/settings/trends', cookie });
    expect(res.json()).toMatchObject({
      feeds: ['https://env.example/feed.xml'],
      geo: 'US',
      interval_hours: 6,
      saved_at: null,
    });
  });

  it('names the sites whose trend articles go out live: active site, active configuration that publishes (issue #18 item 3)', async () => {
    const config = async (name: string, postStatus: 'draft' | 'published', isActive: boolean) => {
      const site = await createSite(t, cookie, { name, url: `https://${name.toLowerCase()}.example`, is_active: true });
      const res = await t.request({
        method: 'POST',
        url: '/api/config',
        cookie,
        payload: {
          site_id: site.id,
          word_count: 500,
          max_posts_per_day: 5,
          post_status: postStatus,
          is_active: isActive,
          task_type: 'Blog Post',
          content_persona: '',
          topics: ['Tea'],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await config('Livesite', 'published', true);
    await config('Draftsite', 'draft', true);
    await config('Pausedsite', 'published', false);
    expect((await get()).live_sites).toEqual(['Livesite']);
    expect((await put({ interval_hours: 2 })).json().live_sites).toEqual(['Livesite']);
  });

  it("without any feed list, Google Trends' feed for the saved country is read", async () => {
    const service = new TrendSettingsService(new SettingsRepository(t.ctx.handle.db), {
      feeds: null,
      geo: 'US',
      intervalHours: 4,
    });
    expect((await service.get()).feeds).toEqual(['https://trends.google.com/trending/rss?geo=US']);
    const saved = await service.update({ feeds: null, geo: 'FR', interval_hours: null });
    expect(saved).toMatchObject({
      feeds: ['https://trends.google.com/trending/rss?geo=FR'],
      feeds_default: true,
      geo: 'FR',
    });
    await service.reset();
  });
});
