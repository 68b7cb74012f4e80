import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WordPressError } from '../../src/integrations/wordpress/index.js';
import { ProductionsRepository } from '../../src/modules/article-pipeline/productions.repository.js';
import { useFakeWordPress } from '../articles/publish-helpers.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import type { FakeWordPress } from '../wordpress/fake-wordpress.js';
import {
  articleRow,
  bulkArticles,
  bulkPayload,
  isFinal,
  itemRows,
  jobResults,
  startedJob,
  waitForJob,
} from './bulk-helpers.js';

// The offline writer and an in-memory WordPress: the whole path of an item, fast.
let t: TestApp;
let cookie: string;
let wordpress: FakeWordPress;
let siteId: number;

beforeEach(async () => {
  t = await createTestApp();
  cookie = await t.login();
  wordpress = useFakeWordPress(t);
  siteId = (await createSite(t, cookie, { name: 'Garden Blog' })).id;
});
afterEach(() => t.close());

describe('a bulk job runs every item once, in the background', () => {
  it('generates, publishes and counts every item', async () => {
    const jobId = await startedJob(
      t,
      cookie,
      bulkPayload(siteId, 'Compost basics\nRaised beds\nMulch basics', { publishStatus: 'publish' }),
    );
    const { job, seen } = await waitForJob(t, cookie, jobId, isFinal);
    expect(seen.at(-1)).toBe('completed');
    expect(job).toMatchObject({
      status: 'completed',
      stage: 'Finished',
      progress: { processed: 3, total: 3, successful: 3, failed: 0 },
      estimated_completion: null,
      error: null,
    });

    const results = await jobResults(t, cookie, jobId);
    expect(results.results.failed).toEqual([]);
    expect(results.results.successful.map((item) => [item.position, item.originalItem, item.topic])).toEqual([
      [0, 'Compost basics', 'Compost basics'],
      [1, 'Raised beds', 'Raised beds'],
      [2, 'Mulch basics', 'Mulch basics'],
    ]);
    for (const item of results.results.successful) {
      expect(item).toMatchObject({ attempts: 1, refusal_recovered: false, refusal_matches: [], error: null });
      expect(item.article_id).toBeGreaterThan(0);
      const post = wordpress.store.posts.get(item.wordpress_post_id!);
      expect(post?.status).toBe('publish');
      expect(item.wordpress_link).toBe(post?.link);
    }
    // One article and one post per item: three of each, no more.
    const stored = await bulkArticles(t);
    expect(stored.map((a) => a.id).sort()).toEqual(results.results.successful.map((item) => item.article_id).sort());
    expect(stored.every((a) => a.status === 'published' && a.siteId === siteId && a.targetWordCount === 500)).toBe(
      true,
    );
    expect(wordpress.store.posts.size).toBe(3);
    expect((await itemRows(t, jobId)).map((item) => [item.status, item.runs, item.notBefore])).toEqual([
      ['succeeded', 1, null],
      ['succeeded', 1, null],
      ['succeeded', 1, null],
    ]);
  });

  it('publishStatus draft pushes drafts; postToWordPress false keeps the articles here', async () => {
    const drafts = await startedJob(t, cookie, bulkPayload(siteId, 'Mulching\nPruning', { publishStatus: 'draft' }));
    await waitForJob(t, cookie, drafts, isFinal);
    expect([...wordpress.store.posts.values()].map((post) => post.status)).toEqual(['draft', 'draft']);
    expect((await bulkArticles(t)).map((a) => a.status)).toEqual(['draft', 'draft']);

    const local = await startedJob(
      t,
      cookie,
      bulkPayload(siteId, 'Seed saving', { publishStatus: 'publish', postToWordPress: false }),
    );
    const { job } = await waitForJob(t, cookie, local, isFinal);
    expect(job.status).toBe('completed');
    const [item] = (await jobResults(t, cookie, local)).results.successful;
    expect(item).toMatchObject({ wordpress_post_id: null, wordpress_link: null });
    expect(wordpress.store.posts.size).toBe(2);
  });

  it('a publish whose answer was lost is retried on the same article: one post, not two', async () => {
    const lost = new WordPressError('network', { message: 'socket hang up', outcomeUnknown: true, retryable: true });
    wordpress.failNext('posts.create', lost, { afterApply: true });
    const jobId = await startedJob(t, cookie, bulkPayload(siteId, 'Companion planting'));
    const { job } = await waitForJob(t, cookie, jobId, isFinal, 30_000);
    expect(job).toMatchObject({ status: 'completed', progress: { processed: 1, total: 1, successful: 1, failed: 0 } });
    const [item] = await itemRows(t, jobId);
    expect(item!.runs).toBe(2);
    expect(wordpress.store.posts.size).toBe(1);
    expect((await bulkArticles(t)).length).toBe(1);
    expect(item!.wordpressPostId).toBe([...wordpress.store.posts.keys()][0]);
  });

  it('a run that dies after storing its article, before recording it on its unit: the next run publishes that article, no second one is written', async () => {
    // What a crash or a lost database connection at that moment looks like: the article is stored, the unit does not know it.
    const record = vi
      .spyOn(ProductionsRepository.prototype, 'recordArticle')
      .mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    try {
      const jobId = await startedJob(t, cookie, bulkPayload(siteId, 'Mulching in autumn'));
      const { job } = await waitForJob(t, cookie, jobId, isFinal, 30_000);
      expect(job).toMatchObject({
        status: 'completed',
        progress: { processed: 1, total: 1, successful: 1, failed: 0 },
      });
      const [item] = await itemRows(t, jobId);
      expect(item!.runs).toBe(2);
      const stored = await bulkArticles(t);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        id: item!.articleId,
        originKey: `bulk-item:${item!.id}`,
        wordpressPostId: item!.wordpressPostId,
      });
      expect(wordpress.store.posts.size).toBe(1);
    } finally {
      record.mockRestore();
    }
  }, 40_000);

  it('a WordPress refusal fails its item only; the job completes with errors and Retry Failed publishes it', async () => {
    wordpress.failNext(
      'posts.create',
      new WordPressError('missing_capability', {
        status: 403,
        wpCode: 'rest_cannot_create',
        message: 'Sorry, you are not allowed to create posts as this user.',
      }),
    );
    const jobId = await startedJob(t, cookie, bulkPayload(siteId, 'Watering schedules', { publishStatus: 'publish' }));
    await waitForJob(t, cookie, jobId, isFinal);
    const second = await startedJob(t, cookie, bulkPayload(siteId, 'Greenhouse heating\nCold frames'));
    const { job } = await waitForJob(t, cookie, second, isFinal);
    expect(job.status).toBe('completed');

    const first = await jobResults(t, cookie, jobId);
    expect(first).toMatchObject({ status: 'failed', progress: { processed: 1, total: 1, successful: 0, failed: 1 } });
    expect(first.error).toMatch(
      /^All 1 items failed; the first error: WordPress post create failed: Sorry, you are not allowed/,
    );
    const [failedItem] = first.results.failed;
    expect(failedItem?.error).toMatch(/not allowed to create posts/);
    expect(failedItem?.article_id).toBeGreaterThan(0);
    // It was set to 'published' for the push; the push failed for good, so it is a draft again, not "published" with no post.
    const unposted = await articleRow(t, failedItem!.article_id!);
    expect(unposted).toMatchObject({ status: 'draft', wordpressPostId: null, publishedAt: null });

    const retry = await t.request({ method: 'POST', url: `/api/bulk-jobs/${jobId}/retry`, cookie });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ job_id: jobId, retried: 1, status: 'queued' });
    const { job: retried } = await waitForJob(t, cookie, jobId, isFinal);
    expect(retried).toMatchObject({
      status: 'completed',
      progress: { processed: 1, total: 1, successful: 1, failed: 0 },
      error: null,
    });
    const [item] = (await jobResults(t, cookie, jobId)).results.successful;
    // The article written the first time is the one published now.
    expect(item?.article_id).toBe(failedItem?.article_id);
    expect(wordpress.store.posts.size).toBe(3);
    const posted = await articleRow(t, item!.article_id!);
    expect(posted).toMatchObject({ status: 'published', wordpressPostId: item?.wordpress_post_id });
    expect(wordpress.store.posts.get(item!.wordpress_post_id!)?.status).toBe('publish');
  });

  it('Retry on one item queues that item only, through the same retry path (issue #37: the job page)', async () => {
    const refusal = new WordPressError('missing_capability', {
      status: 403,
      wpCode: 'rest_cannot_create',
      message: 'Sorry, you are not allowed to create posts as this user.',
    });
    wordpress.failNext('posts.create', refusal, { times: 2 });
    const jobId = await startedJob(
      t,
      cookie,
      bulkPayload(siteId, 'Pond liners\nBog gardens', { publishStatus: 'publish' }),
    );
    await waitForJob(t, cookie, jobId, isFinal);
    const failed = (await jobResults(t, cookie, jobId)).results.failed;
    expect(failed.map((item) => item.position)).toEqual([0, 1]);

    const retry = await t.request({ method: 'POST', url: `/api/bulk-jobs/${jobId}/items/1/retry`, cookie });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ job_id: jobId, retried: 1, status: 'queued' });
    const { job } = await waitForJob(t, cookie, jobId, isFinal);
    expect(job).toMatchObject({
      status: 'completed_with_errors',
      progress: { processed: 2, total: 2, successful: 1, failed: 1 },
    });
    const after = (await jobResults(t, cookie, jobId)).results;
    expect(after.successful.map((item) => item.position)).toEqual([1]);
    expect(after.failed.map((item) => item.position)).toEqual([0]);
    // The article written the first time is the one published now.
    expect(after.successful[0]?.article_id).toBe(failed[1]?.article_id);

    // An item that succeeded has nothing to retry; one past the end is not there; a bad position is the request's fault.
    const again = await t.request({ method: 'POST', url: `/api/bulk-jobs/${jobId}/items/1/retry`, cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'Item 1 did not fail and was not left unrun: there is nothing to retry',
    });
    const past = await t.request({ method: 'POST', url: `/api/bulk-jobs/${jobId}/items/2/retry`, cookie });
    expect(past.statusCode).toBe(404);
    expect(past.json().error).toMatch(/no item 2/);
    for (const position of ['abc', '-1', '1.5', '99999']) {
      const bad = await t.request({ method: 'POST', url: `/api/bulk-jobs/${jobId}/items/${position}/retry`, cookie });
      expect(bad.statusCode, position).toBe(400);
      expect(bad.json().error, position).toMatch(/position/);
    }
    const unknown = await t.request({ method: 'POST', url: '/api/bulk-jobs/nope/items/0/retry', cookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'Job not found' });
  });

  it('retry is refused while the job runs and when nothing failed', async () => {
    const jobId = await startedJob(t, cookie, bulkPayload(siteId, 'Herb spirals'));
    await waitForJob(t, cookie, jobId, isFinal);
    const res = await t.request({ method: 'POST', url: `/api/bulk-jobs/${jobId}/retry`, cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'The job has no failed or unrun items to retry' });
  });
});
