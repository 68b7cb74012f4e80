import type { BlogConfig, InventoryTaxonomy } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertSite } from '../articles/article-fixtures.js';
import { bulkPayload, startBulk } from '../bulk-jobs/bulk-helpers.js';
import { articleCount, generate, manualPayload } from '../manual/manual-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, runId } from '../wordpress/real-site.js';
import { addSite, syncContentAndWait } from './inventory-helpers.js';
import { WordPressSeed } from './wordpress-seed.js';

type Problem = { field: string; message: string };
const problems = (body: string) => (JSON.parse(body) as { details: Problem[] }).details;

/*
 * Issue #31 §4: category and author ids are checked against the site's inventory (synced from the
 * real WordPress) when a blog configuration, a manual article or a bulk job is saved — WordPress
 * itself drops an unknown category id without a word and files the post under its default one.
 */
describeRealSite(
  'normal',
  'category and author ids checked against the site inventory when saved (real WordPress)',
  (site) => {
    const seed = new WordPressSeed(site);
    let t: TestApp;
    let cookie: string;
    let siteId: number;
    let category = 0;
    let unknownCategory = 0;
    let unknownAuthor = 0;
    let adminId = 0;
    const postIds: number[] = [];

    beforeAll(async () => {
      category = (await seed.rest<{ id: number }>('POST', '/wp/v2/categories', { name: `Checked ${runId}` })).id;
      t = await createTestApp();
      cookie = await t.login();
      siteId = await addSite(t, cookie, `Checks ${runId}`, site);
      await syncContentAndWait(t, cookie, siteId);
      const taxonomy = (
        await t.request({ method: 'GET', url: `/api/sites/${siteId}/inventory/taxonomy`, cookie })
      ).json<InventoryTaxonomy>();
      unknownCategory = Math.max(...taxonomy.categories.map((c) => c.id)) + 100_000;
      unknownAuthor = Math.max(...taxonomy.authors.map((a) => a.id)) + 100_000;
      adminId = (await seed.rest<{ id: number }>('GET', '/wp/v2/users/me')).id;
    }, 90_000);
    afterAll(async () => {
      await t?.close();
      await seed.deletePosts(postIds).catch(() => undefined);
      if (category) await seed.rest('DELETE', `/wp/v2/categories/${category}?force=true`).catch(() => undefined);
    });

    it('a blog configuration: an unknown category or author is a 400 naming the field; known ones are saved, on create and on update', async () => {
      const body = (extra: Record<string, unknown>) => ({
        site_id: siteId,
        topics: ['ponds'],
        is_active: false,
        ...extra,
      });
      const badCategory = await t.request({
        method: 'POST',
        url: '/api/config',
        cookie,
        payload: body({ category_ids: [category, unknownCategory] }),
      });
      expect(badCategory.statusCode, badCategory.body).toBe(400);
      expect(problems(badCategory.body)).toEqual([
        {
          field: 'category_ids.1',
          message: expect.stringMatching(
            new RegExp(
              `^category ${unknownCategory} is not one of the site's \\d+ categories \\(as of its last content sync, .+ UTC; if it is new, sync the site's content first\\)$`,
            ),
          ),
        },
      ]);
      const badAuthor = await t.request({
        method: 'POST',
        url: '/api/config',
        cookie,
        payload: body({ author_id: unknownAuthor }),
      });
      expect(badAuthor.statusCode, badAuthor.body).toBe(400);
      expect(problems(badAuthor.body)).toEqual([
        { field: 'author_id', message: expect.stringContaining(`user ${unknownAuthor} is not one of the site's`) },
      ]);
      expect((await t.request({ method: 'GET', url: '/api/config', cookie })).json<BlogConfig[]>()).toEqual([]);

      const created = await t.request({
        method: 'POST',
        url: '/api/config',
        cookie,
        payload: body({ category_ids: [category], author_id: adminId }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<BlogConfig>().id;
      const badUpdate = await t.request({
        method: 'PUT',
        url: `/api/config/${id}`,
        cookie,
        payload: body({ category_ids: [unknownCategory] }),
      });
      expect(badUpdate.statusCode, badUpdate.body).toBe(400);
      expect(problems(badUpdate.body)[0]?.field).toBe('category_ids.0');
      expect(
        (await t.request({ method: 'GET', url: `/api/config/${id}`, cookie })).json<BlogConfig>().category_ids,
      ).toEqual([category]);
    }, 60_000);

    it('a manual article: an unknown category or author is refused before anything is written; a known one goes onto the post', async () => {
      const before = await articleCount(t);
      const badCategory = await generate(
        t,
        cookie,
        manualPayload(siteId, `Pond pumps ${runId}`, {
          includeImages: false,
          wordCount: 500,
          categoryIds: [unknownCategory],
        }),
      );
      expect(badCategory.statusCode, badCategory.body).toBe(400);
      expect(problems(badCategory.body)[0]).toMatchObject({
        field: 'options.categoryIds.0',
        message: expect.stringContaining(`category ${unknownCategory} is not one of the site's`),
      });
      const badAuthor = await generate(
        t,
        cookie,
        manualPayload(siteId, `Pond pumps ${runId}`, { includeImages: false, wordCount: 500, authorId: unknownAuthor }),
      );
      expect(badAuthor.statusCode, badAuthor.body).toBe(400);
      expect(problems(badAuthor.body)[0]?.field).toBe('options.authorId');
      expect(await articleCount(t)).toBe(before);

      const ok = await generate(
        t,
        cookie,
        manualPayload(siteId, `Pond pumps ${runId}`, {
          includeImages: false,
          wordCount: 500,
          categoryIds: [category],
          authorId: adminId,
        }),
      );
      expect(ok.statusCode, ok.body).toBe(200);
      const postId = ok.json<{ data: { wordpress_post_id: number } }>().data.wordpress_post_id;
      postIds.push(postId);
      expect(
        (await seed.rest<{ categories: number[] }>('GET', `/wp/v2/posts/${postId}?context=edit`)).categories,
      ).toEqual([category]);
    }, 90_000);

    it('a bulk job: an unknown category or author is a 400 at start; known ones start the job', async () => {
      const badCategory = await startBulk(t, cookie, {
        ...bulkPayload(siteId, ['Pond liners'], { postToWordPress: false }),
        options: { postToWordPress: false, categoryIds: [category, unknownCategory] },
      });
      expect(badCategory.statusCode, badCategory.body).toBe(400);
      expect(problems(badCategory.body)[0]?.field).toBe('options.categoryIds.1');
      const badAuthor = await startBulk(t, cookie, {
        ...bulkPayload(siteId, ['Pond liners']),
        options: { postToWordPress: false, authorId: unknownAuthor },
      });
      expect(badAuthor.statusCode, badAuthor.body).toBe(400);
      expect(problems(badAuthor.body)[0]?.field).toBe('options.authorId');

      const ok = await startBulk(t, cookie, {
        ...bulkPayload(siteId, ['Pond liners']),
        options: { postToWordPress: false, wordCount: 500, categoryIds: [category], authorId: adminId },
      });
      expect(ok.statusCode, ok.body).toBe(200);
    }, 60_000);

    it('a site whose content was never synced: its ids are accepted (nothing to check them against)', async () => {
      const neverSynced = (await insertSite(t, { name: `Unsynced ${runId}` })).id;
      const res = await t.request({
        method: 'POST',
        url: '/api/config',
        cookie,
        payload: {
          site_id: neverSynced,
          topics: ['x'],
          is_active: false,
          category_ids: [unknownCategory],
          author_id: unknownAuthor,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    });
  },
);
