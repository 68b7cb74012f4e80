import type { InventoryList, InventorySummary, InventoryTaxonomy } from '@abp/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createWordPressClient } from '../../src/integrations/wordpress/index.js';
import {
  DEFAULT_INVENTORY_LIMITS,
  type InventoryLimits,
  syncInventory,
} from '../../src/modules/site-inventory/inventory-sync.js';
import { SiteInventoryRepository } from '../../src/modules/site-inventory/site-inventory.repository.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { type EndlessOptions, EndlessWordPress } from './endless-wordpress.js';

/**
 * Every loop of the inventory that follows a site's pagination ends at its caps, whatever the
 * site claims, against a local WordPress that never ends (the real REST protocol over HTTP).
 */
describe('site inventory caps against a WordPress that never ends', () => {
  let t: TestApp | undefined;
  let wp: EndlessWordPress | undefined;
  afterEach(async () => {
    await t?.close();
    await wp?.close();
    t = wp = undefined;
  });

  async function start(site: EndlessOptions, limits: Partial<InventoryLimits>) {
    wp = await EndlessWordPress.start(site);
    t = await createTestApp({ config: { inventoryLimits: { ...DEFAULT_INVENTORY_LIMITS, ...limits } } });
    const cookie = await t.login();
    const created = await t.request({
      method: 'POST',
      url: '/api/sites',
      cookie,
      payload: { name: 'Endless', url: wp.url, username: 'admin', password: 'abcd efgh ijkl mnop qrst uvwx' },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { app: t, cookie, siteId: created.json<{ id: number }>().id, wp };
  }

  async function syncToEnd(app: TestApp, cookie: string, siteId: number): Promise<InventorySummary> {
    expect((await app.request({ method: 'POST', url: `/api/sites/${siteId}/inventory/sync`, cookie })).statusCode).toBe(
      202,
    );
    for (const deadline = Date.now() + 60_000; ; ) {
      const summary = (
        await app.request({ method: 'GET', url: `/api/sites/${siteId}/inventory`, cookie })
      ).json<InventorySummary>();
      if (summary.state !== 'queued' && summary.state !== 'running') return summary;
      if (Date.now() > deadline) throw new Error(`the sync did not end: ${JSON.stringify(summary)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('categories, tags and authors stop at INVENTORY_MAX_TERMS each; what was read is kept and the reasons are said', async () => {
    const {
      app,
      cookie,
      siteId,
      wp: site,
    } = await start({ endless: ['categories', 'tags', 'users'] }, { maxTerms: 250 });
    const summary = await syncToEnd(app, cookie, siteId);
    expect(summary).toMatchObject({
      state: 'partial',
      posts: 1,
      pages: 1,
      error:
        'The site reports more than 250 categories; raise INVENTORY_MAX_TERMS to sync more. ' +
        'The site reports more than 250 tags; raise INVENTORY_MAX_TERMS to sync more. ' +
        'The site reports more than 250 authors; raise INVENTORY_MAX_TERMS to sync more.',
    });
    // Three pages of 100 each, not one more.
    expect(Object.fromEntries(site.requests)).toMatchObject({ categories: 3, tags: 3, users: 3 });
    const taxonomy = (
      await app.request({ method: 'GET', url: `/api/sites/${siteId}/inventory/taxonomy`, cookie })
    ).json<InventoryTaxonomy>();
    expect(taxonomy.categories).toHaveLength(250);
    expect(taxonomy.authors).toHaveLength(250);
  });

  it('a sync stops once the site sent INVENTORY_MAX_MB, keeping the posts read', async () => {
    // A page of 100 posts is about 110 KB here: the second page passes 150 KB, and no third is asked for.
    const { app, cookie, siteId, wp: site } = await start({ endless: ['posts'] }, { maxBytes: 150 * 1024 });
    const summary = await syncToEnd(app, cookie, siteId);
    expect(summary).toMatchObject({
      state: 'partial',
      posts: 200,
      pages: 0,
      error: 'The site sent more than 150 KB in one sync; raise INVENTORY_MAX_MB to sync more.',
    });
    expect(site.requests.get('posts')).toBe(2);
    expect(site.requests.get('pages')).toBeUndefined();
    const items = (
      await app.request({ method: 'GET', url: `/api/sites/${siteId}/inventory/items?kind=post`, cookie })
    ).json<InventoryList>();
    expect(items.total).toBe(200);
  });

  it('a sync stops after INVENTORY_MAX_MINUTES, keeping the posts read', async () => {
    // A slow site (0.2 s a page): two seconds are a handful of pages.
    const { app, cookie, siteId } = await start({ endless: ['posts'], delayMs: 200 }, { maxMs: 2_000 });
    const summary = await syncToEnd(app, cookie, siteId);
    expect(summary).toMatchObject({
      state: 'partial',
      error: 'The sync took longer than 2 seconds; raise INVENTORY_MAX_MINUTES to sync more.',
    });
    expect(summary.posts).toBeGreaterThan(0);
    const items = (
      await app.request({ method: 'GET', url: `/api/sites/${siteId}/inventory/items?kind=post`, cookie })
    ).json<InventoryList>();
    expect(items.total).toBe(summary.posts);
  });

  it('a capped sync removes only the posts it can prove gone: never those beyond what it read', async () => {
    const { app, siteId, wp: site } = await start({ endless: ['posts'] }, {});
    const repo = new SiteInventoryRepository(app.ctx.handle.db);
    const client = await app.services.sites.getClientForSite(siteId);
    const report = async () => undefined;
    const first = await syncInventory(client, repo, siteId, null, report, {
      limits: { ...DEFAULT_INVENTORY_LIMITS, maxPosts: 300 },
    });
    expect(first).toMatchObject({ fetched: 301, removed: 0, cursor: null });
    expect(first.stopped).toContain('more than 300 posts');

    // Deleted on the site: 42 (within what the next sync reads) and 250 (beyond it).
    site.missing.add(42).add(250);
    const again = async (previousCursor: Date | null) =>
      syncInventory(client, repo, siteId, previousCursor, report, {
        limits: { ...DEFAULT_INVENTORY_LIMITS, maxPosts: 100 },
      });
    expect(await again(null)).toMatchObject({ fetched: 101, removed: 1, cursor: null });
    let ids = await repo.idsOf(siteId, 'post');
    expect(ids).not.toContain(42);
    // Merely not read this time: still listed.
    expect(ids).toContain(250);
    expect(ids).toHaveLength(299);

    // An incremental sync whose listing of ids is capped likewise removes nothing beyond it.
    site.missing.add(7);
    expect(await again(new Date('2026-01-01T00:00:00Z'))).toMatchObject({ removed: 1, cursor: null });
    ids = await repo.idsOf(siteId, 'post');
    expect(ids).not.toContain(7);
    expect(ids).toContain(250);
  });

  it('a sync whose time runs out keeps what it had: categories, authors and posts are not dropped for not being read', async () => {
    const { app, siteId } = await start({ endless: [] }, {});
    const repo = new SiteInventoryRepository(app.ctx.handle.db);
    const client = await app.services.sites.getClientForSite(siteId);
    const report = async () => undefined;
    expect(await syncInventory(client, repo, siteId, null, report)).toMatchObject({ fetched: 2, stopped: null });
    expect(await repo.categories(siteId)).toHaveLength(1);

    // No time at all: nothing is read, and nothing is lost.
    const cut = await syncInventory(client, repo, siteId, null, report, {
      limits: { ...DEFAULT_INVENTORY_LIMITS, maxMs: 0 },
    });
    expect(cut).toMatchObject({ fetched: 0, removed: 0, cursor: null });
    expect(cut.stopped).toContain('INVENTORY_MAX_MINUTES');
    expect(await repo.categories(siteId)).toHaveLength(1);
    expect(await repo.authors(siteId)).toHaveLength(1);
    expect(await repo.counts(siteId)).toEqual({ post: 1, page: 1 });
  });

  it('a list of terms outside the inventory follows at most 100 pages, whatever the site claims', async () => {
    wp = await EndlessWordPress.start({ endless: ['tags'] });
    const client = createWordPressClient({
      baseUrl: wp.url,
      username: 'admin',
      applicationPassword: 'abcd efgh ijkl mnop qrst uvwx',
    });
    const tags = await client.tags.list();
    expect(tags).toHaveLength(10_000);
    expect(wp.requests.get('tags')).toBe(100);
  });
});
