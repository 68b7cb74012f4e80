import path from 'node:path';
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
 * An upgrade of a running installation loses nothing: a data directory the version before the
 * article pipeline left behind with schedule slots in flight (one whose article was stored but not
 * yet published, one not started) and a planned SEO article queued, the old jobs' entries still
 * queued (one of them active: its runner died), is opened by the new code, which has no handler for
 * those jobs. Migration 0022 makes the slots units of the pipeline; the new server posts each once,
 * publishing the stored article rather than writing another, and deletes the old jobs' queues.
 */
const OLD_MIGRATIONS = 22; // 0000 … 0021: the version with the slot lease and the post-slot job
/** The old version's jobs, which the new one neither defines nor keeps. */
const OLD_QUEUES = ['scheduler.post-slot', 'seo.article'];
const PASSWORD = 'upgrade-test-password';
const SECRET = 'u'.repeat(48);

describeRealSite(
  'normal',
  'upgrade: schedule slots and planned SEO articles in flight become units of the article pipeline',
  (site: RealSite) => {
    const { dataDir, posts, start } = realSiteProcesses(site, 'abp-upgrade-slots-', PASSWORD);
    const marker = `upgradeslot${runId}`;

    it('posts the slot whose article was stored (that article, not another) and the slot not yet started, each once', async () => {
      // The old version's data directory: its schema, its rows, its queue entries.
      const old = await PGlite.create(path.join(dataDir, 'db'));
      let storedArticleId: number;
      let slotIds: { stored: number; pending: number; posted: number };
      let seoItemId: number;
      try {
        await migrate(drizzle(old), { migrationsFolder: oldMigrationsFolder(OLD_MIGRATIONS) });
        const password = SecretBox.fromAppSecret(SECRET).encrypt(site.password);
        const siteId = (
          await old.query<{ id: number }>(
            'insert into sites (name, url, username, password_sealed) values ($1, $2, $3, $4) returning id',
            ['Upgrade site', site.url, site.user, password],
          )
        ).rows[0]!.id;
        const configId = (
          await old.query<{ id: number }>(
            "insert into blog_configs (site_id, topics, word_count, post_status, next_post_at) values ($1, $2, 500, 'draft', now() + interval '30 days') returning id",
            [siteId, JSON.stringify([`${marker} stored topic`, `${marker} pending topic`])],
          )
        ).rows[0]!.id;
        const slot = async (topic: string, outcome: string, minutesAgo: number, articleId: number | null = null) =>
          (
            await old.query<{ id: number }>(
              `insert into scheduler_log (config_id, site_id, slot_at, topic, outcome, article_id, attempts, lease_token, lease_expires_at, finished_at)
             values ($1, $2, now() - $3 * interval '1 minute', $4, $5, $6, 1, $7, $8, $9) returning id`,
              [
                configId,
                siteId,
                minutesAgo,
                topic,
                outcome,
                articleId,
                outcome === 'posted' ? null : 'dead-worker',
                outcome === 'posted' ? null : new Date(Date.now() - 60_000),
                outcome === 'posted' ? new Date() : null,
              ],
            )
          ).rows[0]!.id;
        const pending = await slot(`${marker} pending topic`, 'pending', 5);
        const posted = await slot(`${marker} an earlier topic`, 'posted', 300);
        // The slot whose runner died after storing its article and recording it, before publishing.
        const storedSlotRow = await slot(`${marker} stored topic`, 'publishing', 10);
        storedArticleId = (
          await old.query<{ id: number }>(
            "insert into articles (site_id, site_name, title, content, status, origin, origin_key, word_count) values ($1, 'Upgrade site', $2, $3, 'draft', 'schedule', $4, 6) returning id",
            [
              siteId,
              `${marker} stored topic`,
              `<p>${marker} the article the old runner stored before it died.</p>`,
              `schedule-slot:${storedSlotRow}`,
            ],
          )
        ).rows[0]!.id;
        await old.query('update scheduler_log set article_id = $1 where id = $2', [storedArticleId, storedSlotRow]);
        slotIds = { stored: storedSlotRow, pending, posted };

        // An SEO project's planned article, queued by "Generate All Articles" and not written yet.
        const projectId = (
          await old.query<{ id: number }>(
            "insert into seo_projects (project_name, niche, site_id, current_phase) values ('Upgrade campaign', 'gardening', $1, 2) returning id",
            [siteId],
          )
        ).rows[0]!.id;
        seoItemId = (
          await old.query<{ id: number }>(
            "insert into seo_project_articles (project_id, article_type, title, target_keywords, h2_headings, word_count, generation_status) values ($1, 'cluster', $2, $3, $4, 500, 'queued') returning id",
            [
              projectId,
              `${marker} planned article`,
              JSON.stringify(['winter compost']),
              JSON.stringify(['Why it matters', 'How to start']),
            ],
          )
        ).rows[0]!.id;

        // The old jobs' entries, as the old version queued them.
        const boss = new PgBoss({
          db: fromPglite(old),
          backend: 'pglite',
          schedule: false,
          supervise: false,
          migrate: true,
        });
        await boss.start();
        await boss.createQueue('scheduler.post-slot');
        for (const id of [storedSlotRow, pending]) await boss.send('scheduler.post-slot', { slotId: id });
        // The stored slot's runner died mid-run: its entry is still marked active.
        expect(await boss.fetch('scheduler.post-slot')).toHaveLength(1);
        await boss.createQueue('seo.article');
        await boss.send('seo.article', { seoArticleId: seoItemId });
        await boss.stop({ graceful: false, close: false });
      } finally {
        await old.close();
      }

      // The new code on that directory.
      const { server, call } = await start({ APP_SECRET: SECRET });
      // Both slots' articles reach WordPress (read through the API: the embedded database is the server's while it runs).
      const deadline = Date.now() + 120_000;
      for (;;) {
        const res = await call<{ items: { origin: string; wordpress_post_id: number | null }[] }>(
          'GET',
          '/api/articles?limit=50',
        );
        const scheduled = (res.json.items ?? []).filter((article) => article.origin === 'schedule');
        const planned = (res.json.items ?? []).filter((article) => article.origin === 'seo');
        if (
          scheduled.length === 2 &&
          scheduled.every((article) => article.wordpress_post_id !== null) &&
          planned.length === 1
        )
          break;
        if (Date.now() > deadline)
          throw new Error(`slots did not finish: ${JSON.stringify(res.json)}\n${server.output().slice(-3000)}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      // A graceful stop waits for the running unit, whose finishing transaction records the slot.
      expect(await server.stop('SIGTERM')).toBe(0);
      // Deleting the old queues at start went through (a failure would be logged as an error).
      expect(server.output()).not.toMatch(/retired job queue|job queue error|start-up step of the job queue failed/);

      const db = await PGlite.create(path.join(dataDir, 'db'));
      try {
        const slots = (
          await db.query<{ id: number; outcome: string; article_id: number | null; error: string | null }>(
            'select id, outcome, article_id, error from scheduler_log order by id',
          )
        ).rows;
        expect(slots.find((row) => row.id === slotIds!.stored)).toMatchObject({
          outcome: 'posted',
          article_id: storedArticleId!,
          error: null,
        });
        expect(slots.find((row) => row.id === slotIds!.pending)).toMatchObject({ outcome: 'posted', error: null });
        expect(slots.find((row) => row.id === slotIds!.posted)).toMatchObject({ outcome: 'posted', article_id: null });
        // The planned article was written (once) and linked to its plan; it is not published (the wizard's publish step does that).
        const seoItem = (
          await db.query<{ generation_status: string; article_id: number | null }>(
            'select generation_status, article_id from seo_project_articles where id = $1',
            [seoItemId!],
          )
        ).rows[0];
        expect(seoItem).toMatchObject({ generation_status: 'generated' });
        const seoArticles = (
          await db.query<{ id: number; status: string; wordpress_post_id: number | null }>(
            "select id, status, wordpress_post_id from articles where origin = 'seo'",
          )
        ).rows;
        expect(seoArticles).toEqual([{ id: seoItem!.article_id, status: 'draft', wordpress_post_id: null }]);

        const articles = (
          await db.query<{ id: number; title: string; status: string; wordpress_post_id: number | null }>(
            "select id, title, status, wordpress_post_id from articles where origin = 'schedule' order by id",
          )
        ).rows;
        expect(articles).toHaveLength(2);
        expect(articles[0]).toMatchObject({ id: storedArticleId!, title: `${marker} stored topic`, status: 'draft' });
        expect(articles.every((article) => article.wordpress_post_id !== null)).toBe(true);
        const units = (
          await db.query<{ origin_key: string; state: string; result: string }>(
            'select origin_key, state, result from article_productions order by origin_key',
          )
        ).rows;
        expect(units).toEqual(
          [
            { origin_key: `schedule-slot:${slotIds!.stored}`, state: 'finished', result: 'succeeded' },
            { origin_key: `schedule-slot:${slotIds!.pending}`, state: 'finished', result: 'succeeded' },
            { origin_key: `seo-article:${seoItemId!}`, state: 'finished', result: 'succeeded' },
          ].sort((a, b) => a.origin_key.localeCompare(b.origin_key)),
        );

        // WordPress: exactly one post per slot, the stored article's text among them.
        const onSite = (await listDirect(
          site,
          `wp/v2/posts?search=${marker}&status=any&per_page=100&context=edit`,
        )) as { id: number; content: { raw: string } }[];
        posts.push(...onSite.map((post) => post.id));
        expect(onSite.map((post) => post.id).sort()).toEqual(
          articles.map((article) => article.wordpress_post_id).sort(),
        );
        expect(
          onSite.some((post) => post.content.raw.includes('the article the old runner stored before it died')),
        ).toBe(true);

        // The new version has no handler for the old jobs: their queues are gone with their entries
        // (the units did the work), so pg-boss holds nothing that waits or retries forever.
        expect(
          (await db.query('select name, state from pgboss.job where name = any($1::text[])', [OLD_QUEUES])).rows,
        ).toEqual([]);
        expect(
          (await db.query('select name from pgboss.queue where name = any($1::text[])', [OLD_QUEUES])).rows,
        ).toEqual([]);
        for (const name of OLD_QUEUES) expect(Object.values(JOBS).map((job) => job.name)).not.toContain(name);
      } finally {
        await db.close();
      }
    }, 300_000);
  },
);
