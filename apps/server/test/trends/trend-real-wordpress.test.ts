import type { ArticleTrendSource } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { articles } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp, waitFor } from '../test-app.js';
import { describeRealSite, realClient, runId } from '../wordpress/real-site.js';
import { googleTrendsFeed } from './feed-fixtures.js';
import { FeedServer } from './feed-server.js';

describeRealSite('normal', 'trend monitor against the real WordPress', (wp) => {
  const client = realClient(wp);
  let t: TestApp;
  let cookie: string;
  let feeds: FeedServer;
  const postIds: number[] = [];
  const mediaIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    feeds = await FeedServer.start();
  });
  afterAll(async () => {
    for (const id of postIds) await client.posts.delete(id).catch(() => undefined);
    for (const id of mediaIds) await client.media.delete(id).catch(() => undefined);
    await feeds?.close();
    await t?.close();
  });

  it('posts the trend article with its sources', async () => {
    const title = `Tomato blight ${runId}`;
    feeds.xml(
      '/google.xml',
      googleTrendsFeed([
        {
          title,
          news: [
            {
              title: `Blight reaches allotments ${runId}`,
              url: `https://news.example/${runId}/blight`,
              source: 'Garden News',
            },
            { title: 'Saving tomato seeds', url: `https://news.example/${runId}/seeds`, source: 'Daily Planet' },
          ],
        },
        { title: `Transfer window ${runId}`, news: [{ title: 'Deadline day', url: 'https://sport.example/deadline' }] },
      ]),
    );
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/settings/trends',
          cookie,
          payload: { feeds: [feeds.url('/google.xml')], interval_hours: 0 },
        })
      ).statusCode,
    ).toBe(200);
    const site = await t.request({
      method: 'POST',
      url: '/api/sites',
      cookie,
      payload: { name: `Trends ${runId}`, url: wp.url, username: wp.user, password: wp.password },
    });
    expect(site.statusCode, site.body).toBe(201);
    const siteId = site.json<{ id: number }>().id;
    const config = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: { site_id: siteId, topics: ['tomatoes'], post_status: 'published', word_count: 500 },
    });
    expect(config.statusCode, config.body).toBe(201);

    expect((await t.request({ method: 'POST', url: '/api/trends/check', cookie })).statusCode).toBe(202);
    const run = await waitFor(
      async () => {
        const [latest] = (await t.services.trends.logs({ limit: 1, offset: 0 })).items;
        return latest && latest.status !== 'running' ? latest : null;
      },
      120_000,
      250,
    );
    expect(run).toMatchObject({
      status: 'completed',
      trends_found: 2,
      articles_generated: 1,
      articles_published: 1,
      errors: [],
    });

    const [article] = await t.ctx.handle.db.select().from(articles).where(eq(articles.siteId, siteId));
    expect(article).toMatchObject({ origin: 'trend', status: 'published' });
    postIds.push(article!.wordpressPostId!);
    expect(article!.sourceUrls).toEqual(
      expect.arrayContaining([`https://news.example/${runId}/blight`, `https://news.example/${runId}/seeds`]),
    );
    const sources = (await t.request({ method: 'GET', url: `/api/articles/${article!.id}/trends`, cookie })).json<
      ArticleTrendSource[]
    >();
    expect(sources.map((s) => s.topic)).toEqual([title]);

    const post = await client.posts.get(article!.wordpressPostId!);
    if (post.featured_media) mediaIds.push(post.featured_media);
    expect(post.status).toBe('publish');
    expect(post.link).toBe(article!.wordpressPermalink);
    const html = post.content?.rendered ?? '';
    expect(html).toContain('Sources</h2>');
    expect(html).toContain(`href="https://news.example/${runId}/blight"`);
    expect(html).toContain(`Blight reaches allotments ${runId}`);
    expect(html).toContain(`href="https://news.example/${runId}/seeds"`);
  }, 180_000);

  it('skips a trend the site already has a post on (its content inventory), and the run log names that post', async () => {
    const other = await createTestApp();
    try {
      const otherCookie = await other.login();
      const existing = await client.posts.create({
        title: `Saving heirloom seeds ${runId}`,
        content: '<p>Written on WordPress.</p>',
        status: 'publish',
      });
      postIds.push(existing.id);
      feeds.xml(
        '/seeds.xml',
        googleTrendsFeed([
          {
            title: `Heirloom seeds ${runId}`,
            // Words the site writes (site knowledge's topic fit asks that, issue #32).
            news: [{ title: 'Saving heirloom seeds', url: `https://news.example/${runId}/swap` }],
          },
        ]),
      );
      expect(
        (
          await other.request({
            method: 'PUT',
            url: '/api/settings/trends',
            cookie: otherCookie,
            payload: { feeds: [feeds.url('/seeds.xml')], interval_hours: 0 },
          })
        ).statusCode,
      ).toBe(200);
      const site = await other.request({
        method: 'POST',
        url: '/api/sites',
        cookie: otherCookie,
        payload: { name: `Seeds ${runId}`, url: wp.url, username: wp.user, password: wp.password },
      });
      const siteId = site.json<{ id: number }>().id;
      expect(
        (
          await other.request({
            method: 'POST',
            url: '/api/config',
            cookie: otherCookie,
            payload: { site_id: siteId, topics: ['seeds'], post_status: 'published', word_count: 500 },
          })
        ).statusCode,
      ).toBe(201);
      expect(
        (await other.request({ method: 'POST', url: `/api/sites/${siteId}/inventory/sync`, cookie: otherCookie }))
          .statusCode,
      ).toBe(202);
      await waitFor(
        async () => ((await other.services.siteInventory.summary(siteId)).state === 'succeeded' ? true : null),
        60_000,
        250,
      );

      expect((await other.request({ method: 'POST', url: '/api/trends/check', cookie: otherCookie })).statusCode).toBe(
        202,
      );
      const run = await waitFor(
        async () => {
          const [latest] = (await other.services.trends.logs({ limit: 1, offset: 0 })).items;
          return latest && latest.status !== 'running' ? latest : null;
        },
        120_000,
        250,
      );
      expect(run).toMatchObject({ status: 'completed', trends_found: 1, articles_generated: 0 });
      expect(run.errors).toEqual([
        {
          scope: 'site',
          target: `Seeds ${runId}`,
          kind: 'already_covered',
          message: `"Heirloom seeds ${runId}": skipped, the site already has "Saving heirloom seeds ${runId}" (${existing.link})`,
        },
      ]);
    } finally {
      await other.close();
    }
  }, 180_000);
});
