import path from 'node:path';
import { type BulkJob, bulkJobResultsResponseSchema, bulkJobStatusResponseSchema } from '@abp/contracts';
import { PGlite } from '@electric-sql/pglite';
import { expect, it } from 'vitest';
import { realSiteProcesses } from '../process/real-site-process.js';
import type { httpClient } from '../process/spawn-server.js';
import { describeRealSite, listDirect, type RealSite, runId } from '../wordpress/real-site.js';

const PASSWORD = 'restart-test-password';
const ITEMS = 8;

/*
 * The real server process on the embedded database, posting to the real WordPress: kill -9 in the
 * middle of a bulk job, start again, and the job finishes with every item done exactly once.
 */
describeRealSite('normal', 'a bulk job survives kill -9 of its process', (site: RealSite) => {
  const { dataDir, posts: createdPosts, start: startWith } = realSiteProcesses(site, 'abp-bulk-restart-', PASSWORD);
  const marker = `bulkrestart${runId}`;
  // Each answer of the offline writer takes 300 ms, two items at a time: the job takes several seconds.
  const start = () => startWith({ LLM_OFFLINE_DELAY_MS: '300', LLM_CONCURRENCY: '2' });
  const statusOf = async (call: ReturnType<typeof httpClient>, jobId: string): Promise<BulkJob> => {
    const res = await call('GET', `/api/bulk-jobs/${jobId}/status`);
    expect(res.status).toBe(200);
    return bulkJobStatusResponseSchema.parse(res.json).job;
  };
  const until = async <T>(check: () => Promise<T | null>, timeoutMs: number): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value !== null) return value;
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('kill -9 mid-job, restart: all items done once, no duplicate post, exact counters', async () => {
    const first = await start();
    const siteRes = await first.call<{ id: number }>('POST', '/api/sites', {
      name: 'Restart test site',
      url: site.url,
      username: site.user,
      password: site.password,
      is_active: true,
      content_persona: '',
    });
    expect(siteRes.status, JSON.stringify(siteRes.json)).toBe(201);
    const items = Array.from({ length: ITEMS }, (_, i) => `${marker} topic number ${i + 1}`);
    const startRes = await first.call<{ job_id: string }>('POST', '/api/bulk-jobs/start', {
      items_list: items.join('\n'),
      site_id: siteRes.json.id,
      task_type: 'Blog Post',
      options: { includeImages: true, publishStatus: 'publish', wordCount: 500, persona: '', postToWordPress: true },
    });
    expect(startRes.status).toBe(200);
    const jobId = startRes.json.job_id;

    // Some items done, others running: then the process dies without any chance to clean up.
    const before = await until(async () => {
      const job = await statusOf(first.call, jobId);
      return job.progress.processed >= 2 && job.progress.processed <= ITEMS - 3 ? job : null;
    }, 120_000);
    expect(before.status).toBe('processing');
    // The count moves the moment an item finishes: wait into the next item (each takes about two
    // seconds), so the kill lands in the middle of one, not in the instant between two.
    await new Promise((resolve) => setTimeout(resolve, 700));
    first.server.child.kill('SIGKILL');
    await first.server.exited;

    const second = await start();
    const after = await until(async () => {
      const job = await statusOf(second.call, jobId);
      return ['completed', 'completed_with_errors', 'failed', 'cancelled'].includes(job.status) ? job : null;
    }, 180_000);
    expect(after).toMatchObject({
      status: 'completed',
      progress: { processed: ITEMS, total: ITEMS, successful: ITEMS, failed: 0 },
      error: null,
    });
    expect(after.progress.processed).toBeGreaterThan(before.progress.processed);

    const results = bulkJobResultsResponseSchema.parse(
      (await second.call('GET', `/api/bulk-jobs/${jobId}/results`)).json,
    ).job.results;
    expect(results.failed).toEqual([]);
    expect(results.successful.map((item) => item.originalItem)).toEqual(items);
    const postIds = results.successful.map((item) => item.wordpress_post_id!);
    createdPosts.push(...postIds);
    expect(new Set(postIds).size).toBe(ITEMS);
    expect(new Set(results.successful.map((item) => item.article_id)).size).toBe(ITEMS);

    // WordPress itself: exactly one post per item, all published.
    const posts = (await listDirect(site, `wp/v2/posts?search=${marker}&status=any&per_page=100&context=edit`)) as {
      id: number;
      status: string;
    }[];
    createdPosts.push(...posts.map((post) => post.id).filter((id) => !createdPosts.includes(id)));
    expect(posts.map((post) => post.id).sort()).toEqual([...postIds].sort());
    expect(posts.filter((post) => post.status !== 'publish')).toEqual([]);

    // And here: one stored article per item, no second generation of any of them.
    const list = await second.call<{ items: { id: number; title: string; status: string }[]; total: number }>(
      'GET',
      '/api/articles?limit=50',
    );
    expect(list.json.items.filter((article) => article.status !== 'failed').length).toBe(ITEMS);
    expect(list.json.total).toBe(ITEMS);

    // The rows themselves, read once the process has stopped: the killed runs were taken up again.
    expect(await second.server.stop('SIGTERM')).toBe(0);
    const db = await PGlite.create(path.join(dataDir, 'db'));
    try {
      const rows = (
        await db.query<{ status: string; runs: number; article_id: number }>(
          'select status, runs, article_id from bulk_job_items where job_id = $1',
          [jobId],
        )
      ).rows;
      expect(rows.filter((row) => row.status !== 'succeeded')).toEqual([]);
      expect(
        rows.some((row) => row.runs > 1),
        'the item killed mid-run was taken up again',
      ).toBe(true);
      const articles = (await db.query<{ n: number }>("select count(*)::int as n from articles where origin = 'bulk'"))
        .rows[0];
      expect(articles?.n).toBe(ITEMS);
    } finally {
      await db.close();
    }
  }, 400_000);
});
