import type { KnowledgeSearch } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteInventoryRepository } from '../../src/modules/site-inventory/site-inventory.repository.js';
import { useFakeWordPress } from '../articles/publish-helpers.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { fixture, inventoryItem, storeFixturePosts } from './knowledge-helpers.js';

let t: TestApp;
let cookie: string;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  useFakeWordPress(t);
  siteId = (await createSite(t, cookie)).id;
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url, cookie });

describe('GET /api/sites/{id}/knowledge/search', () => {
  it('answers what the site’s index knows, best first, lexically with the offline writer', async () => {
    const empty = await get(`/api/sites/${siteId}/knowledge/search?q=tomatoes`);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<KnowledgeSearch>()).toMatchObject({
      site_id: siteId,
      documents: 0,
      mode: 'lexical',
      results: [],
    });

    await storeFixturePosts(t, siteId);
    const res = await get(
      `/api/sites/${siteId}/knowledge/search?q=${encodeURIComponent('How to stop tomato blight')}&limit=3`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<KnowledgeSearch>();
    expect(answer).toMatchObject({ documents: 10, vectors: 0, mode: 'lexical' });
    expect(answer.results).toHaveLength(3);
    expect(answer.results[0]).toMatchObject({ key: 'post:2', kind: 'post', vector: null, duplicate: true });
    expect(answer.results[0]!.score).toBeGreaterThan(answer.results[1]!.score);
  });

  it('follows the inventory: a changed post is read again, a removed one leaves the index', async () => {
    const repo = new SiteInventoryRepository(t.ctx.handle.db);
    const before = (await get(`/api/sites/${siteId}/knowledge/search?q=slugs`)).json<KnowledgeSearch>();
    expect(before.results[0]?.key).toBe('post:10');
    await repo.removeItems(siteId, 'post', [10]);
    const slugPost = (await get(`/api/sites/${siteId}/knowledge/search?q=slugs`)).json<KnowledgeSearch>();
    expect(slugPost.documents).toBe(9);
    expect(slugPost.results.map((r) => r.key)).not.toContain('post:10');

    const compost = fixture.posts.find((p) => p.id === 'garden-007')!;
    await repo.upsertItems(siteId, [
      inventoryItem(compost, 7, { title: 'Leaf mould: free compost from autumn leaves' }),
    ]);
    const renamed = (await get(`/api/sites/${siteId}/knowledge/search?q=leaf%20mould`)).json<KnowledgeSearch>();
    expect(renamed.results[0]).toMatchObject({ key: 'post:7', title: 'Leaf mould: free compost from autumn leaves' });
  });

  it('refuses a missing or oversized query with a 400 naming the field, and an unknown site with a 404', async () => {
    for (const url of [
      `/api/sites/${siteId}/knowledge/search`,
      `/api/sites/${siteId}/knowledge/search?q=`,
      `/api/sites/${siteId}/knowledge/search?q=${'a'.repeat(501)}`,
      `/api/sites/${siteId}/knowledge/search?q=x&limit=500`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toMatch(/q|limit/);
    }
    const missing = await get('/api/sites/999999/knowledge/search?q=tomato');
    expect(missing.statusCode).toBe(404);
    const bad = await get('/api/sites/abc/knowledge/search?q=tomato');
    expect(bad.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/sites/${siteId}/knowledge/search?q=x` });
    expect(res.statusCode).toBe(401);
  });
});
