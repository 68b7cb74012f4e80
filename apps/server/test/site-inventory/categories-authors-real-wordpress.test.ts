import type { BlogConfig, InventoryTaxonomy } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertArticle } from '../articles/article-fixtures.js';
import { publish } from '../articles/publish-helpers.js';
import { generate, manualPayload } from '../manual/manual-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, realClient, runId } from '../wordpress/real-site.js';
import { addSite, syncContentAndWait } from './inventory-helpers.js';
import { WordPressSeed } from './wordpress-seed.js';

// Categories and the author come from the site's inventory; publishing sets them on WordPress.
describeRealSite('normal', 'WordPress categories and author chosen for new posts (real WordPress)', (site) => {
  const seed = new WordPressSeed(site);
  const client = realClient(site);
  let t: TestApp;
  let cookie: string;
  let siteId: number;
  const categories: number[] = [];
  let authorId = 0;
  const postIds: number[] = [];

  beforeAll(async () => {
    for (const name of ['Ponds', 'Wildlife', 'Tools'])
      categories.push((await seed.rest<{ id: number }>('POST', '/wp/v2/categories', { name: `${name} ${runId}` })).id);
    authorId = (
      await seed.rest<{ id: number }>('POST', '/wp/v2/users', {
        username: `author${runId}`,
        email: `author${runId}@example.org`,
        password: `pw-${runId}-Secret!`,
        roles: ['author'],
        name: `Ann Author ${runId}`,
      })
    ).id;
    t = await createTestApp();
    cookie = await t.login();
    siteId = await addSite(t, cookie, `Terms ${runId}`, site);
    await syncContentAndWait(t, cookie, siteId);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await seed.deletePosts(postIds).catch(() => undefined);
    for (const id of categories) await seed.rest('DELETE', `/wp/v2/categories/${id}?force=true`).catch(() => undefined);
    if (authorId) await seed.rest('DELETE', `/wp/v2/users/${authorId}?force=true&reassign=1`).catch(() => undefined);
  });

  it("the inventory offers the categories and the new author; the blog configuration's choice goes onto its site's posts", async () => {
    const taxonomy = (
      await t.request({ method: 'GET', url: `/api/sites/${siteId}/inventory/taxonomy`, cookie })
    ).json<InventoryTaxonomy>();
    expect(taxonomy.categories.map((c) => c.id)).toEqual(expect.arrayContaining(categories));
    expect(taxonomy.authors.map((a) => a.id)).toContain(authorId);

    const config = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: {
        site_id: siteId,
        topics: ['ponds'],
        is_active: false,
        category_ids: [categories[0], categories[1]],
        author_id: authorId,
      },
    });
    expect(config.statusCode, config.body).toBe(201);
    expect(config.json<BlogConfig>()).toMatchObject({
      category_ids: [categories[0], categories[1]],
      author_id: authorId,
    });

    // An article written for the site (as the scheduler, trend monitor, SEO suite and bulk jobs do) takes the configuration's.
    const article = await insertArticle(t, { siteId, title: `Pond plants ${runId}`, status: 'published' });
    const published = await publish(t, cookie, article.id, { site_id: siteId });
    expect(published.statusCode, published.body).toBe(200);
    const postId = published.json<{ wordpress_post_id: number }>().wordpress_post_id;
    postIds.push(postId);
    const post = (await client.posts.get(postId)) as { categories?: number[]; author?: number };
    expect([...(post.categories ?? [])].sort()).toEqual([categories[0]!, categories[1]!].sort());
    expect(post.author).toBe(authorId);
  }, 90_000);

  it("a manual generation's own choice wins over the configuration's; bad ids are refused with the field named", async () => {
    const res = await generate(
      t,
      cookie,
      manualPayload(siteId, `Garden tools ${runId}`, {
        publishStatus: 'publish',
        includeImages: false,
        wordCount: 500,
        categoryIds: [categories[2]],
        authorId: 1,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const postId = res.json<{ data: { wordpress_post_id: number } }>().data.wordpress_post_id;
    postIds.push(postId);
    const post = (await client.posts.get(postId)) as { categories?: number[]; author?: number };
    expect(post.categories).toEqual([categories[2]]);
    expect(post.author).toBe(1);

    const refused = await generate(t, cookie, manualPayload(siteId, `Garden tools ${runId}`, { categoryIds: [0] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('category');
    const twice = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: { site_id: siteId, topics: ['x'], category_ids: [5, 5] },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('A category is chosen twice');
  }, 90_000);
});
