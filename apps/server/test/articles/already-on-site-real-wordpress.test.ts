import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WordPressClient } from '../../src/integrations/wordpress/index.js';
import { syncContentAndWait } from '../site-inventory/inventory-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, realClient, runId } from '../wordpress/real-site.js';
import { insertArticle, insertSite } from './article-fixtures.js';
import { publish } from './publish-helpers.js';

describeRealSite('normal', 'no second post on a subject the live site already has', (site) => {
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
        name: 'Duplicates',
        url: site.url,
        username: site.user,
        password: site.password,
        restRoot: `${site.url}/wp-json/`,
      })
    ).id;
  });
  afterAll(async () => {
    for (const id of postIds) await wp.posts.delete(id).catch(() => undefined);
    await t.close();
  });

  const syncAndWait = () => syncContentAndWait(t, cookie, siteId);

  it('a post written on WordPress (known from the content sync) blocks an article with its title, naming it; force publishes anyway', async () => {
    const title = `How to Start Composting ${runId}`;
    const existing = await wp.posts.create({
      title,
      content: '<p>Written by hand on WordPress.</p>',
      status: 'publish',
    });
    postIds.add(existing.id);
    await syncAndWait();

    const article = await insertArticle(t, {
      siteId,
      title: `How to start composting, ${runId}!`,
      status: 'published',
    });
    const refused = await publish(t, cookie, article.id, { site_id: siteId });
    expect(refused.statusCode, refused.body).toBe(409);
    const path = new URL(existing.link).pathname;
    const issue = (
      refused.json() as { details: { quality_report: { issues: Array<{ rule: string; message: string }> } } }
    ).details.quality_report.issues.find((i) => i.rule === 'already_on_site');
    expect(issue?.message).toBe(`"${title}" already exists on the site: ${path}`);

    const forced = await publish(t, cookie, article.id, { site_id: siteId, force_publish: true });
    expect(forced.statusCode, forced.body).toBe(200);
    const postId = (forced.json() as { wordpress_post_id: number }).wordpress_post_id;
    postIds.add(postId);
    expect(postId).not.toBe(existing.id);
    // Its own post never counts against it: with the hand-written one gone and the site synced
    // again (the inventory now holds only the article's own post), publishing again is no refusal.
    await wp.posts.delete(existing.id);
    postIds.delete(existing.id);
    await syncAndWait();
    const again = await publish(t, cookie, article.id, { site_id: siteId });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as { action: string }).action).toBe('updated');
  }, 90_000);

  it("a post whose title or slug is the article's primary keyword blocks it too", async () => {
    const keyword = `Worm composting ${runId}`;
    const existing = await wp.posts.create({
      title: `${keyword}!`,
      content: '<p>Written by hand on WordPress.</p>',
      status: 'publish',
    });
    postIds.add(existing.id);
    await syncAndWait();
    const article = await insertArticle(t, {
      siteId,
      title: `Ten tips for a worm bin ${runId}`,
      keywords: [keyword.toLowerCase(), 'worm bin'],
      status: 'published',
    });
    const refused = await publish(t, cookie, article.id, { site_id: siteId });
    expect(refused.statusCode, refused.body).toBe(409);
    const issue = (
      refused.json() as { details: { quality_report: { issues: Array<{ rule: string; message: string }> } } }
    ).details.quality_report.issues.find((i) => i.rule === 'already_on_site');
    expect(issue?.message).toBe(`"${keyword}!" already exists on the site: ${new URL(existing.link).pathname}`);
  }, 90_000);
});
