import type { OutlineData, SeoArticle } from '@abp/contracts';
import { type BulkJob, bulkJobResultsResponseSchema, bulkJobStatusResponseSchema } from '@abp/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type ServerProcess, spawnServer } from '../process/spawn-server.js';
import { articleRequests } from '../seo/seo-helpers.js';
import { createScratchPostgresDatabase } from '../test-database.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const ITEMS = 40;

// Runs in the PostgreSQL pass of `npm test` (scripts/test-postgres.sh sets TEST_DATABASE_URL).
describe.skipIf(!adminUrl)(
  'PostgreSQL: two worker processes share the article pipeline (a bulk job, SEO articles, a manual article)',
  () => {
    const procs: ServerProcess[] = [];
    let web: ServerProcess;
    let workers: ServerProcess[];
    let url: string;

    beforeAll(async () => {
      url = await createScratchPostgresDatabase(adminUrl!);
      // Each answer of the offline writer takes a little time, so both workers are busy at once.
      const env = {
        DATABASE_URL: url,
        ADMIN_PASSWORD: 'pg-bulk-password',
        APP_SECRET: 'b'.repeat(48),
        DATA_DIR: '/tmp/abp-pg-unused',
        LLM_OFFLINE_DELAY_MS: '40',
        LLM_CONCURRENCY: '3',
      };
      [web, ...workers] = await Promise.all([
        spawnServer(env, ['--role=web']),
        spawnServer(env, ['--role=worker']),
        spawnServer(env, ['--role=worker']),
      ]);
      procs.push(web, ...workers);
    }, 120_000);
    afterAll(async () => {
      await Promise.all(procs.map((p) => p.stop('SIGTERM')));
    });

    it('40 items: every one done once, counters exact, no duplicate article, both workers took part', async () => {
      const call = httpClient(web.port);
      expect((await call('POST', '/api/auth/login', { password: 'pg-bulk-password' })).status).toBe(200);
      // A site row of its own: nothing is posted (postToWordPress false), so no WordPress is contacted.
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        const site = await db.query<{ id: number }>(
          "insert into sites (name, url, username, password_sealed) values ('PG site', 'https://pg-bulk.example', 'editor', 'unused') returning id",
        );
        const items = Array.from({ length: ITEMS }, (_, i) => `shared workers topic ${i + 1}`);
        const started = await call<{ job_id: string }>('POST', '/api/bulk-jobs/start', {
          items_list: items.join('\n'),
          site_id: site.rows[0]!.id,
          task_type: 'FAQ',
          options: {
            includeImages: false,
            publishStatus: 'draft',
            wordCount: 500,
            persona: '',
            postToWordPress: false,
          },
        });
        expect(started.status).toBe(200);
        const jobId = started.json.job_id;

        const deadline = Date.now() + 180_000;
        let job: BulkJob;
        for (;;) {
          job = bulkJobStatusResponseSchema.parse((await call('GET', `/api/bulk-jobs/${jobId}/status`)).json).job;
          // processed = successful + failed holds at every moment, not only at the end.
          expect(job.progress.processed).toBe(job.progress.successful + job.progress.failed);
          if (job.status === 'completed' || Date.now() > deadline) break;
          await new Promise((r) => setTimeout(r, 200));
        }
        expect(job).toMatchObject({
          status: 'completed',
          progress: { processed: ITEMS, total: ITEMS, successful: ITEMS, failed: 0 },
        });

        const results = bulkJobResultsResponseSchema.parse((await call('GET', `/api/bulk-jobs/${jobId}/results`)).json)
          .job.results;
        expect(results.successful.map((item) => item.originalItem)).toEqual(items);
        expect(new Set(results.successful.map((item) => item.article_id)).size).toBe(ITEMS);

        const articles = await db.query<{ n: string }>("select count(*) as n from articles where origin = 'bulk'");
        expect(Number(articles.rows[0]!.n)).toBe(ITEMS);
        const rows = await db.query<{ runs: number; run_by: string; status: string }>(
          "select i.runs, p.run_by, i.status from bulk_job_items i join article_productions p on p.origin_key = 'bulk-item:' || i.id where i.job_id = $1",
          [jobId],
        );
        expect(rows.rows).toHaveLength(ITEMS);
        expect(rows.rows.every((row) => row.status === 'succeeded' && row.runs === 1)).toBe(true);
        // Each item's unit names the worker process (host:pid) that ran it: two processes, both workers.
        const processes = new Set(rows.rows.map((row) => row.run_by));
        expect(processes.size).toBe(2);
      } finally {
        await db.end();
      }
    }, 240_000);

    it('SEO planned articles and a manual article through the web process: each written once, by the one runner', async () => {
      const call = httpClient(web.port);
      expect((await call('POST', '/api/auth/login', { password: 'pg-bulk-password' })).status).toBe(200);
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        const siteId = (
          await db.query<{ id: number }>(
            "insert into sites (name, url, username, password_sealed) values ('PG SEO site', 'https://pg-seo.example', 'editor', 'unused') returning id",
          )
        ).rows[0]!.id;
        const project = await call<{ id: number; niche: string; company_name: string }>(
          'POST',
          '/api/seo-suite/projects',
          {
            site_id: siteId,
            project_name: 'PG campaign',
            niche: 'home coffee brewing',
            company_name: 'Bean There',
            target_audience: 'busy professionals',
            goal: 'grow organic traffic',
          },
        );
        expect(project.status).toBe(201);
        const { id: projectId, niche, company_name } = project.json;
        const keywords = await call<{ keywords: { keyword: string }[] }>('POST', '/api/seo-suite/generate-keywords', {
          project_id: projectId,
          niche,
          company_name,
        });
        const outline = await call<{ outline: { outline_data: OutlineData } }>(
          'POST',
          '/api/seo-suite/generate-outline',
          {
            project_id: projectId,
            niche,
            keywords: keywords.json.keywords.slice(0, 10).map((k) => k.keyword),
          },
        );
        const planned = articleRequests(outline.json.outline.outline_data, 6);
        expect(
          (
            await call('POST', '/api/seo-suite/generate-articles-bulk', {
              project_id: projectId,
              site_id: siteId,
              articles: planned,
              word_count: 500,
            })
          ).status,
        ).toBe(202);

        // The manual screen's request runs its unit in the web process while the workers write the plan.
        const manual = await call<{ data: { article_id: number } }>('POST', '/api/manual/generate', {
          topic: 'pour-over ratios for busy mornings',
          site_id: siteId,
          task_type: 'Blog Post',
          options: { includeImages: false, publishStatus: 'draft', maxArticles: 5, wordCount: 500, persona: '' },
        });
        expect(manual.status).toBe(200);

        const deadline = Date.now() + 180_000;
        for (;;) {
          const list = (await call<SeoArticle[]>('GET', `/api/seo-suite/articles/${projectId}`)).json;
          if (list.length === planned.length && list.every((article) => article.generation_status === 'generated'))
            break;
          if (Date.now() > deadline)
            throw new Error(`the plan was not written: ${JSON.stringify(list.map((a) => a.generation_status))}`);
          await new Promise((r) => setTimeout(r, 250));
        }
        const byOrigin = await db.query<{ origin: string; n: string }>(
          "select origin, count(*) as n from articles where origin in ('seo', 'manual') group by origin order by origin",
        );
        expect(byOrigin.rows.map((row) => [row.origin, Number(row.n)])).toEqual([
          ['manual', 1],
          ['seo', planned.length],
        ]);
        const units = await db.query<{ origin: string; state: string; result: string; article_id: number }>(
          "select origin, state, result, article_id from article_productions where origin in ('seo', 'manual') order by origin",
        );
        expect(units.rows).toHaveLength(planned.length + 1);
        expect(units.rows.every((unit) => unit.state === 'finished')).toBe(true);
        expect(units.rows.filter((unit) => unit.origin === 'seo').every((unit) => unit.result === 'succeeded')).toBe(
          true,
        );
        expect(units.rows.find((unit) => unit.origin === 'manual')?.article_id).toBe(manual.json.data.article_id);
      } finally {
        await db.end();
      }
    }, 240_000);
  },
);
