import type { InventoryItem, InventoryList, InventorySummary, InventoryTaxonomy } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, runId } from '../wordpress/real-site.js';
import { WordPressSeed } from './wordpress-seed.js';

const SEEDED = 500;
const SQUASH_EVERY = 50; // every 50th post is about squash: 10 of them

describeRealSite('normal', 'site inventory: sync of a real WordPress with 500 posts', (site) => {
  let t: TestApp;
  let cookie: string;
  let siteId: number;
  const seed = new WordPressSeed(site);
  let categoryId: number;
  let otherCategoryId: number;
  let postIds: number[] = [];
  let newest: number | undefined;

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.request({ method: 'GET', url, cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  async function syncAndWait(): Promise<InventorySummary> {
    const res = await t.request({ method: 'POST', url: `/api/sites/${siteId}/inventory/sync`, cookie });
    expect(res.statusCode, res.body).toBe(202);
    expect(['queued', 'running']).toContain((res.json() as InventorySummary).state);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const summary = await get<InventorySummary>(`/api/sites/${siteId}/inventory`);
      if (summary.state === 'succeeded' || summary.state === 'failed') return summary;
      if (Date.now() > deadline) throw new Error(`sync did not finish: ${JSON.stringify(summary)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  beforeAll(async () => {
    const category = await seed.rest<{ id: number }>('POST', 'wp/v2/categories', { name: `Inventory ${runId}` });
    const other = await seed.rest<{ id: number }>('POST', 'wp/v2/categories', { name: `Inventory other ${runId}` });
    categoryId = category.id;
    otherCategoryId = other.id;
    postIds = await seed.createPosts(
      Array.from({ length: SEEDED }, (_, i) => ({
        title:
          i % SQUASH_EVERY === 0
            ? `Growing heirloom squash ${runId} no. ${i}`
            : `Inventory ${runId} post ${i} &amp; more`,
        status: i % 10 === 9 ? 'draft' : 'publish',
        excerpt: `Excerpt of post ${i}`,
        categories: i < 20 ? [category.id, other.id] : [category.id],
      })),
    );
    // An incremental sync reads again what was modified in the last seconds before its cursor (the
    // overlap of inventory-sync.ts). The newest modification is made a few seconds after the seeding
    // (a draft outside the test's category), so "only what changed is read again" does not depend on
    // how fast the 500 posts were created.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    [newest] = await seed.createPosts([{ title: `Inventory ${runId} newest`, status: 'draft' }]);
    t = await createTestApp();
    cookie = await t.login();
    const created = await t.request({
      method: 'POST',
      url: '/api/sites',
      cookie,
      payload: { name: `Inventory ${runId}`, url: site.url, username: site.user, password: site.password },
    });
    expect(created.statusCode, created.body).toBe(201);
    siteId = (created.json() as { id: number }).id;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await seed.deletePosts(newest ? [...postIds, newest] : postIds).catch(() => undefined);
    for (const id of [categoryId, otherCategoryId])
      if (id) await seed.rest('DELETE', `wp/v2/categories/${id}?force=true`).catch(() => undefined);
  });

  it('reads every post with its categories, status and author; search and filters work', async () => {
    const before = await get<InventorySummary>(`/api/sites/${siteId}/inventory`);
    expect(before).toMatchObject({ state: 'never', posts: 0, last_synced_at: null });

    const summary = await syncAndWait();
    expect(summary, JSON.stringify(summary)).toMatchObject({ state: 'succeeded', error: null, removed: 0 });
    expect(summary.posts).toBeGreaterThanOrEqual(SEEDED);
    expect(summary.fetched).toBeGreaterThanOrEqual(SEEDED);
    expect(summary.last_synced_at).not.toBeNull();

    const inCategory = await get<InventoryList>(
      `/api/sites/${siteId}/inventory/items?category=${categoryId}&limit=100`,
    );
    expect(inCategory.total).toBe(SEEDED);
    expect(inCategory.items).toHaveLength(100);
    const byId = new Map<number, InventoryItem>();
    for (let offset = 0; offset < SEEDED; offset += 100) {
      const page = await get<InventoryList>(
        `/api/sites/${siteId}/inventory/items?category=${categoryId}&limit=100&offset=${offset}`,
      );
      for (const item of page.items) byId.set(item.wp_id, item);
    }
    expect([...byId.keys()].sort((a, b) => a - b)).toEqual([...postIds].sort((a, b) => a - b));

    // Titles are plain text (WordPress stores "&amp;" for "&"); drafts are in the inventory too.
    const one = byId.get(postIds[31]!)!;
    expect(one).toMatchObject({
      kind: 'post',
      title: `Inventory ${runId} post 31 & more`,
      status: 'publish',
      excerpt: 'Excerpt of post 31',
      category_ids: [categoryId],
    });
    expect(one.link).toMatch(/^http/);
    expect(one.published_at).not.toBeNull();
    const drafts = await get<InventoryList>(
      `/api/sites/${siteId}/inventory/items?category=${categoryId}&search=${runId}&limit=100`,
    );
    expect(drafts.items.filter((item) => item.status === 'draft').length).toBeGreaterThan(0);

    const squash = await get<InventoryList>(
      `/api/sites/${siteId}/inventory/items?search=${encodeURIComponent(`heirloom squash ${runId}`)}`,
    );
    expect(squash.total).toBe(SEEDED / SQUASH_EVERY);
    expect(squash.items.every((item) => item.title.startsWith('Growing heirloom squash'))).toBe(true);
    const both = await get<InventoryList>(`/api/sites/${siteId}/inventory/items?category=${otherCategoryId}`);
    expect(both.total).toBe(20);
    // A search is text, not a pattern: "%" finds only titles with a "%".
    expect(
      (await get<InventoryList>(`/api/sites/${siteId}/inventory/items?category=${categoryId}&search=%25`)).total,
    ).toBe(0);

    const taxonomy = await get<InventoryTaxonomy>(`/api/sites/${siteId}/inventory/taxonomy`);
    expect(taxonomy.categories).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: categoryId,
          name: `Inventory ${runId}`,
          count: SEEDED - SEEDED / 10 /* WordPress counts the published ones */,
        }),
      ]),
    );
    expect(taxonomy.authors.map((a) => a.slug)).toContain(site.user);
    expect(one.author_id).toBe(taxonomy.authors.find((a) => a.slug === site.user)!.id);
  }, 180_000);

  it('syncs again incrementally: edits, new posts and deletions (trashed or gone) show up', async () => {
    const [edited, deleted, trashed] = [postIds[100]!, postIds[101]!, postIds[102]!];
    await seed.rest('POST', `wp/v2/posts/${edited}`, { title: `Edited ${runId}` });
    await seed.rest('DELETE', `wp/v2/posts/${deleted}?force=true`);
    await seed.rest('DELETE', `wp/v2/posts/${trashed}`); // to the trash
    const [added] = await seed.createPosts([{ title: `Added ${runId}`, status: 'publish', categories: [categoryId] }]);
    postIds.push(added!);

    const summary = await syncAndWait();
    expect(summary, JSON.stringify(summary)).toMatchObject({ state: 'succeeded', removed: 2 });
    // Only what changed since the last sync is read again (plus the posts of its last seconds).
    expect(summary.fetched).toBeLessThan(SEEDED / 2);

    const all = await get<InventoryList>(
      `/api/sites/${siteId}/inventory/items?category=${categoryId}&search=${runId}&limit=100`,
    );
    expect(all.total).toBe(SEEDED - 2 + 1);
    const titles = new Map(
      (
        await Promise.all(
          [0, 100, 200, 300, 400].map((offset) =>
            get<InventoryList>(
              `/api/sites/${siteId}/inventory/items?category=${categoryId}&limit=100&offset=${offset}`,
            ),
          ),
        )
      ).flatMap((page) => page.items.map((item) => [item.wp_id, item.title] as const)),
    );
    expect(titles.size).toBe(SEEDED - 2 + 1);
    expect(titles.get(edited)).toBe(`Edited ${runId}`);
    expect(titles.has(deleted)).toBe(false);
    expect(titles.has(trashed)).toBe(false);
    expect(titles.get(added!)).toBe(`Added ${runId}`);
  }, 180_000);

  it('answers 404 for a missing site and 400 for a bad filter', async () => {
    expect((await t.request({ method: 'POST', url: '/api/sites/999999/inventory/sync', cookie })).statusCode).toBe(404);
    const bad = await t.request({ method: 'GET', url: `/api/sites/${siteId}/inventory/items?category=abc`, cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ details: expect.anything() });
    expect(bad.body).toContain('category');
    expect((await t.request({ method: 'GET', url: `/api/sites/${siteId}/inventory/items` })).statusCode).toBe(401);
  });
});
