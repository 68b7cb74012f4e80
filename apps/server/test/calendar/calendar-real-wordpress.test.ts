import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WordPressClient } from '../../src/integrations/wordpress/index.js';
import { insertArticle, insertSite } from '../articles/article-fixtures.js';
import { publish } from '../articles/publish-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, realClient, runId } from '../wordpress/real-site.js';

const DAY = 86_400_000;

describeRealSite('normal', 'the calendar moves a scheduled post on the real WordPress', (site) => {
  let t: TestApp;
  let cookie: string;
  let wp: WordPressClient;
  let siteId: number;
  const postIds = new Set<number>();

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    wp = realClient(site);
    siteId = (
      await insertSite(t, {
        name: 'Real WordPress',
        url: site.url,
        username: site.user,
        password: site.password,
        restRoot: `${site.url}/wp-json/`,
      })
    ).id;
  });
  afterAll(async () => {
    for (const id of postIds) await wp.posts.delete(id, { force: true }).catch(() => undefined);
    await t.close();
  });

  it('a scheduled post moved to another day keeps its time and stays future; a published one is refused', async () => {
    const when = new Date(Date.now() + 3 * DAY);
    when.setUTCHours(9, 45, 0, 0);
    const article = await insertArticle(t, {
      siteId,
      title: `Calendar move ${runId}`,
      status: 'scheduled',
      scheduledAt: when,
    });
    const published = await publish(t, cookie, article.id, { site_id: siteId });
    expect(published.statusCode, published.body).toBe(200);
    const postId = published.json().wordpress_post_id as number;
    postIds.add(postId);
    expect((await wp.posts.get(postId)).status).toBe('future');

    const target = new Date(when.getTime() + 4 * DAY);
    const moved = await t.request({
      method: 'POST',
      url: `/api/calendar/articles/${article.id}/reschedule`,
      cookie,
      payload: { date: target.toISOString().slice(0, 10) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ wordpress_updated: true, at: target.toISOString() });
    const post = await wp.posts.get(postId);
    expect(post.status).toBe('future');
    expect(post.date_gmt).toBe(target.toISOString().slice(0, 19));
    const calendar = await t.request({
      method: 'GET',
      url: `/api/calendar?from=${target.toISOString().slice(0, 10)}&to=${target.toISOString().slice(0, 10)}&site_id=${siteId}`,
      cookie,
    });
    expect(calendar.json().items).toContainEqual(
      expect.objectContaining({ article_id: article.id, kind: 'scheduled', at: target.toISOString() }),
    );

    // Published now: the calendar refuses to move it, and WordPress keeps it where it is.
    const live = await insertArticle(t, { siteId, title: `Calendar live ${runId}`, status: 'published' });
    const liveResult = await publish(t, cookie, live.id, { site_id: siteId });
    expect(liveResult.statusCode, liveResult.body).toBe(200);
    postIds.add(liveResult.json().wordpress_post_id);
    const refused = await t.request({
      method: 'POST',
      url: `/api/calendar/articles/${live.id}/reschedule`,
      cookie,
      payload: { date: target.toISOString().slice(0, 10) },
    });
    expect(refused.statusCode).toBe(409);
    expect((await wp.posts.get(liveResult.json().wordpress_post_id)).status).toBe('publish');
  });
});
