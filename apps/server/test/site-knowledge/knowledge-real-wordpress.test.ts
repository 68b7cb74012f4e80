import type { KnowledgeSearch } from '@abp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteInventoryItems } from '../../src/db/schema/index.js';
import { addSite, syncContentAndWait } from '../site-inventory/inventory-helpers.js';
import { WordPressSeed } from '../site-inventory/wordpress-seed.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, runId } from '../wordpress/real-site.js';
import { fixture } from './knowledge-helpers.js';

// The labelled fixture's twenty posts of two subjects (gardening, cooking), as block-editor content.
const posts = fixture.posts.map((post) => ({
  ...post,
  content: post.html
    .replace(/<h2>(.*?)<\/h2>/g, '<!-- wp:heading -->\n<h2 class="wp-block-heading">$1</h2>\n<!-- /wp:heading -->\n')
    .replace(/<p>(.*?)<\/p>/g, '<!-- wp:paragraph -->\n<p>$1</p>\n<!-- /wp:paragraph -->\n'),
}));

describeRealSite('normal', 'site knowledge: the inventory sync reads post bodies from a real WordPress', (site) => {
  let t: TestApp;
  let cookie: string;
  let siteId: number;
  const seed = new WordPressSeed(site);
  let ids: number[] = [];

  const search = async (q: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/sites/${siteId}/knowledge/search?q=${encodeURIComponent(q)}&limit=5`,
      cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<KnowledgeSearch>();
  };
  const stored = async (wpId: number) => {
    const [row] = await t.ctx.handle.db
      .select()
      .from(siteInventoryItems)
      .where(and(eq(siteInventoryItems.siteId, siteId), eq(siteInventoryItems.wpId, wpId)));
    return row!;
  };

  beforeAll(async () => {
    ids = await seed.createPosts(
      posts.map((post) => ({ title: `${post.title} ${runId}`, content: post.content, status: 'publish' })),
    );
    t = await createTestApp();
    cookie = await t.login();
    siteId = await addSite(t, cookie, `Knowledge ${runId}`, site);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await seed.deletePosts(ids).catch(() => undefined);
  });

  it('stores each post’s headings and plain body text, and the index finds posts by what their text says', async () => {
    await syncContentAndWait(t, cookie, siteId);
    const blight = await stored(ids[1]!);
    expect(blight.headings.split('\n')).toEqual(['What blight looks like', 'Prevention']);
    expect(blight.body).toContain('Late blight shows as brown patches on leaves');
    expect(blight.body).not.toMatch(/<|wp:paragraph|What blight looks like/);

    // Words only in a post's body ("copper tape", "wool pellets") find it.
    const answer = await search('copper tape and wool pellets');
    expect(answer.documents).toBeGreaterThanOrEqual(posts.length);
    expect(answer.results[0]?.key).toBe(`post:${ids[9]}`);
  }, 120_000);

  it('reads a changed post again at the next (incremental) sync, and the index follows', async () => {
    await seed.rest('POST', `wp/v2/posts/${ids[6]}`, {
      content:
        '<!-- wp:paragraph -->\n<p>Bokashi bins ferment kitchen scraps before they go on the heap.</p>\n<!-- /wp:paragraph -->',
    });
    await syncContentAndWait(t, cookie, siteId);
    expect((await stored(ids[6]!)).body).toBe('Bokashi bins ferment kitchen scraps before they go on the heap.');
    expect((await search('bokashi fermenting scraps')).results[0]?.key).toBe(`post:${ids[6]}`);
  }, 120_000);
});
