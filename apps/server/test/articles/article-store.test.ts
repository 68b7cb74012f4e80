import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteInventoryItems } from '../../src/db/schema/index.js';
import type { ContentChanges } from '../../src/modules/articles/article-store.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { insertArticle, insertSite } from './article-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const read = async (id: number) => {
  const res = await t.request({ method: 'GET', url: `/api/articles/${id}`, cookie: await t.login() });
  return res.json() as { title: string; content: string; word_count: number; meta_description: string | null };
};

describe('the article store (issue #34: the one writer of articles for other modules)', () => {
  it('replaces what the reason names, and only that', async () => {
    const article = await insertArticle(t, { title: 'Soil basics', metaDescription: 'About soil.' });
    await t.services.articleStore.replaceContent(article.id, 'trend sources', {
      content: '<p>Soil holds water.</p><h2>Sources</h2>',
      wordCount: 5,
    });
    await t.services.articleStore.replaceContent(article.id, 'seo plan title', { title: 'Soil for beginners' });
    expect(await read(article.id)).toMatchObject({
      title: 'Soil for beginners',
      content: '<p>Soil holds water.</p><h2>Sources</h2>',
      word_count: 5,
      meta_description: 'About soil.',
    });
  });

  it('refuses a change its reason does not allow (a caller TypeScript cannot check), writing nothing', async () => {
    const article = await insertArticle(t, { title: 'Compost basics' });
    const sneaky = {
      title: 'Compost for beginners',
      status: 'published',
    } as unknown as ContentChanges['seo plan title'];
    await expect(t.services.articleStore.replaceContent(article.id, 'seo plan title', sneaky)).rejects.toThrow(
      "replaceContent('seo plan title') may not change status",
    );
    expect((await read(article.id)).title).toBe('Compost basics');
  });

  it('discards only failed articles', async () => {
    const failed = await insertArticle(t, { status: 'failed' });
    const draft = await insertArticle(t);
    await t.services.articleStore.discardFailed([failed.id, draft.id]);
    const cookie = await t.login();
    expect((await t.request({ method: 'GET', url: `/api/articles/${failed.id}`, cookie })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/articles/${draft.id}`, cookie })).statusCode).toBe(200);
  });

  it("a content sync flags only the articles it read after their last send: one sent while it read is the next sync's to judge", async () => {
    const site = await insertSite(t);
    const syncStartedAt = new Date(Date.now() - 60_000);
    // The sync read both posts as drafts. The first article was scheduled on WordPress an hour before
    // the sync began (someone made it a draft there since); the second was sent while the sync read.
    await t.ctx.handle.db.insert(siteInventoryItems).values(
      [501, 502].map((wpId) => ({
        siteId: site.id,
        kind: 'post' as const,
        wpId,
        title: `Post ${wpId}`,
        slug: `post-${wpId}`,
        link: `https://example.test/post-${wpId}`,
        status: 'draft',
      })),
    );
    const common = {
      siteId: site.id,
      status: 'scheduled' as const,
      liveState: 'scheduled' as const,
      wordpressStatus: 'future',
    };
    const before = await insertArticle(t, {
      ...common,
      wordpressPostId: 501,
      updatedAt: new Date(syncStartedAt.getTime() - 3_600_000),
    });
    const during = await insertArticle(t, {
      ...common,
      wordpressPostId: 502,
      updatedAt: new Date(syncStartedAt.getTime() + 5_000),
    });

    expect(await t.services.articleStore.flagVanishedPosts(site.id, syncStartedAt)).toBe(1);
    const cookie = await t.login();
    const stateOf = async (id: number) =>
      (await t.request({ method: 'GET', url: `/api/articles/${id}`, cookie })).json() as {
        wordpress_state: string | null;
        live_check: { state: string; reason: string | null } | null;
      };
    expect(await stateOf(before.id)).toMatchObject({
      wordpress_state: 'draft',
      live_check: { state: 'not_live', reason: 'the post is now "draft" on WordPress (found by the content sync)' },
    });
    expect((await stateOf(during.id)).wordpress_state).toBe('scheduled');
    expect((await stateOf(during.id)).live_check?.state).not.toBe('not_live');
  });
});
