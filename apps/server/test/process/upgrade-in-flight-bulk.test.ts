import path from 'node:path';
import { bulkJobResultsResponseSchema } from '@abp/contracts';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { fromPglite, PgBoss } from 'pg-boss';
import { expect, it } from 'vitest';
import { JOBS } from '../../src/jobs/catalogue.js';
import { SecretBox } from '../../src/lib/secret-box.js';
import { oldMigrationsFolder } from '../old-migrations.js';
import { describeRealSite, listDirect, type RealSite, runId } from '../wordpress/real-site.js';
import { realSiteProcesses } from './real-site-process.js';

/**
 * An upgrade of a running installation loses nothing of a bulk job: a data directory the version
 * before migration 0024 left behind, with a job in flight (one item done, one whose dead run had
 * stored its article and was publishing it, one pending) and the old item job's entries still
 * queued (the dead run's one active), is opened by the new code, which has no handler for that
 * job. The migration makes the open items units of the pipeline; the job finishes with exact
 * counters, publishing the stored article rather than writing another, and the old job's queue is
 * deleted.
 */
const OLD_MIGRATIONS = 24; // 0000 … 0023: the version with the item lease and the bulk-jobs.item job
/** The old version's item job, which the new one neither defines nor keeps. */
const OLD_QUEUE = 'bulk-jobs.item';
const PASSWORD = 'upgrade-bulk-password';
const SECRET = 'v'.repeat(48);

describeRealSite('normal', 'upgrade: a bulk job in flight becomes units of the article pipeline', (site: RealSite) => {
  const { dataDir, posts, start } = realSiteProcesses(site, 'abp-upgrade-bulk-', PASSWORD);
  const marker = `upgradebulk${runId}`;

  it('finishes the job: the stored article published (not written again), the pending item written, counters exact', async () => {
    const jobId = `upgrade-job-${runId}`;
    const old = await PGlite.create(path.join(dataDir, 'db'));
    let storedArticleId: number;
    const itemIds: number[] = [];
    try {
      await migrate(drizzle(old), { migrationsFolder: oldMigrationsFolder(OLD_MIGRATIONS) });
      const password = SecretBox.fromAppSecret(SECRET).encrypt(site.password);
      const siteId = (
        await old.query<{ id: number }>(
          'insert into sites (name, url, username, password_sealed) values ($1, $2, $3, $4) returning id',
          ['Upgrade site', site.url, site.user, password],
        )
      ).rows[0]!.id;
      const options = {
        includeImages: false,
        publishStatus: 'draft',
        wordCount: 500,
        persona: '',
        postToWordPress: true,
      };
      await old.query(
        "insert into bulk_jobs (id, site_id, task_type, options, status, stage, total, processed, successful, started_at) values ($1, $2, 'Blog Post', $3, 'processing', 'Generating and publishing articles', 3, 1, 1, now())",
        [jobId, siteId, JSON.stringify(options)],
      );
      const item = async (
        position: number,
        topic: string,
        status: string,
        extra: { claimedBy?: string; finished?: boolean } = {},
      ) =>
        (
          await old.query<{ id: number }>(
            `insert into bulk_job_items (job_id, position, original_item, topic, status, runs, claimed_by, claim_expires_at, started_at, finished_at)
             values ($1, $2, $3, $3, $4, $5, $6, $7, now(), $8) returning id`,
            [
              jobId,
              position,
              topic,
              status,
              status === 'pending' ? 0 : 1,
              extra.claimedBy ?? null,
              extra.claimedBy ? new Date(Date.now() - 60_000) : null,
              extra.finished ? new Date() : null,
            ],
          )
        ).rows[0]!.id;
      itemIds.push(await item(0, `${marker} done topic`, 'succeeded', { finished: true }));
      // The item whose run died after storing its article and recording it on the item, before publishing.
      const storedItem = await item(1, `${marker} stored topic`, 'running', { claimedBy: 'dead-process:run' });
      itemIds.push(storedItem);
      storedArticleId = (
        await old.query<{ id: number }>(
          "insert into articles (site_id, site_name, title, content, status, origin, origin_key, word_count) values ($1, 'Upgrade site', $2, $3, 'draft', 'bulk', $4, 9) returning id",
          [
            siteId,
            `${marker} stored topic`,
            `<p>${marker} the article the old item run stored before it died.</p>`,
            `bulk-item:${storedItem}`,
          ],
        )
      ).rows[0]!.id;
      await old.query('update bulk_job_items set article_id = $1 where id = $2', [storedArticleId, storedItem]);
      // It died while publishing that article: the publish lease it held has minutes left to run.
      await old.query(
        "update articles set publish_lock_token = 'dead-process', publish_lock_expires_at = now() + interval '10 minutes' where id = $1",
        [storedArticleId],
      );
      itemIds.push(await item(2, `${marker} pending topic`, 'pending'));

      // The old item job's entries, as the old version queued them.
      const boss = new PgBoss({
        db: fromPglite(old),
        backend: 'pglite',
        schedule: false,
        supervise: false,
        migrate: true,
      });
      await boss.start();
      await boss.createQueue('bulk-jobs.item');
      for (const id of itemIds.slice(1)) await boss.send('bulk-jobs.item', { jobId, itemId: id });
      // The stored item's run died mid-run: its entry is still marked active.
      expect(await boss.fetch('bulk-jobs.item')).toHaveLength(1);
      await boss.stop({ graceful: false, close: false });
    } finally {
      await old.close();
    }

    const { server, call } = await start({ APP_SECRET: SECRET });
    const deadline = Date.now() + 120_000;
    let status: { status: string; progress: unknown };
    for (;;) {
      status = (await call<{ job: { status: string; progress: unknown } }>('GET', `/api/bulk-jobs/${jobId}/status`))
        .json.job;
      if (['completed', 'completed_with_errors', 'failed', 'cancelled'].includes(status.status)) break;
      if (Date.now() > deadline)
        throw new Error(`the job did not finish: ${JSON.stringify(status)}\n${server.output().slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toMatchObject({
      status: 'completed',
      progress: { processed: 3, total: 3, successful: 3, failed: 0 },
    });
    const results = bulkJobResultsResponseSchema.parse((await call('GET', `/api/bulk-jobs/${jobId}/results`)).json).job
      .results;
    expect(results.successful.map((item) => item.topic)).toEqual([
      `${marker} done topic`,
      `${marker} stored topic`,
      `${marker} pending topic`,
    ]);
    expect(results.successful[1]).toMatchObject({ article_id: storedArticleId! });
    expect(await server.stop('SIGTERM')).toBe(0);
    // Deleting the old queues at start went through (a failure would be logged as an error).
    expect(server.output()).not.toMatch(/retired job queue|job queue error|start-up step of the job queue failed/);

    const db = await PGlite.create(path.join(dataDir, 'db'));
    try {
      const articles = (
        await db.query<{ id: number; title: string; wordpress_post_id: number | null }>(
          "select id, title, wordpress_post_id from articles where origin = 'bulk' order by id",
        )
      ).rows;
      // One article per open item: the stored one kept, the pending one written once.
      expect(articles).toHaveLength(2);
      expect(articles[0]).toMatchObject({ id: storedArticleId!, title: `${marker} stored topic` });
      const units = (
        await db.query<{ origin_key: string; state: string; result: string }>(
          'select origin_key, state, result from article_productions order by origin_key',
        )
      ).rows;
      expect(units).toEqual(
        itemIds
          .slice(1)
          .map((id) => ({ origin_key: `bulk-item:${id}`, state: 'finished', result: 'succeeded' }))
          .sort((a, b) => a.origin_key.localeCompare(b.origin_key)),
      );
      // WordPress: exactly one post per open item, the stored article's text among them.
      const onSite = (await listDirect(site, `wp/v2/posts?search=${marker}&status=any&per_page=100&context=edit`)) as {
        id: number;
        content: { raw: string };
      }[];
      posts.push(...onSite.map((post) => post.id));
      expect(onSite.map((post) => post.id).sort()).toEqual(articles.map((article) => article.wordpress_post_id).sort());
      expect(
        onSite.some((post) => post.content.raw.includes('the article the old item run stored before it died')),
      ).toBe(true);

      // The new version has no handler for the old item job: its queue is gone with its entries
      // (the units did the work), so pg-boss holds nothing that waits or retries forever.
      expect((await db.query('select state from pgboss.job where name = $1', [OLD_QUEUE])).rows).toEqual([]);
      expect((await db.query('select name from pgboss.queue where name = $1', [OLD_QUEUE])).rows).toEqual([]);
      expect(Object.values(JOBS).map((job) => job.name)).not.toContain(OLD_QUEUE);
    } finally {
      await db.close();
    }
  }, 300_000);
});
