import { randomUUID } from 'node:crypto';
import type { OutlineData, SeoArticle, SeoProject } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JOBS } from '../../src/jobs/catalogue.js';

const SEO_ARTICLE_JOB = JOBS.articleProduce.name; // a planned article is a unit of the article pipeline

import { runUnitAsItsEntry } from '../article-pipeline/run-unit.js';
import { createSite, fakeWordPressFor, siteBody } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { articleRequests, createProject, expectOk, fieldOf, planProject, type SeoApi, seoApi } from './seo-helpers.js';

/*
 * The job that writes one planned article, run by hand (a web-only process queues but never runs
 * jobs), so each step of a restart or a retry can be checked.
 */
let t: TestApp;
let api: SeoApi;
let siteId: number;
let project: SeoProject;
let outline: OutlineData;

const list = async () => expectOk(await api.get(`/api/seo-suite/articles/${project.id}`)) as unknown as SeoArticle[];
const projectState = async () =>
  expectOk(await api.get(`/api/seo-suite/projects/${project.id}`)) as unknown as SeoProject;
const articleCount = async () => ((await api.get('/api/articles?limit=100')).json() as { total: number }).total;

beforeAll(async () => {
  t = await createTestApp({ role: 'web' });
  fakeWordPressFor(t);
  const cookie = await t.login();
  api = seoApi(t, cookie);
  siteId = (await createSite(t, cookie)).id;
  project = await createProject(api, siteId);
  outline = await planProject(api, project);
  // See seo-deletion.test.ts: pg-boss's first queue lookup, done before our transaction.
  await t.ctx.queue.boss.getJobById(SEO_ARTICLE_JOB, randomUUID());
});
afterAll(() => t.close());

it('refuses another site than the project’s', async () => {
  const other = await createSite(t, await t.login(), { url: 'https://other.example' });
  const res = await api.post('/api/seo-suite/generate-articles-bulk', {
    project_id: project.id,
    site_id: other.id,
    articles: articleRequests(outline, 1),
  });
  expect(res.statusCode).toBe(400);
  expect(fieldOf(res)).toBe('site_id');
});

it('queues each planned article once, and writes it once however often its job runs', async () => {
  const first = expectOk(
    await api.post('/api/seo-suite/generate-articles-bulk', {
      project_id: project.id,
      site_id: siteId,
      articles: articleRequests(outline, 2),
    }),
    202,
  );
  expect(first).toMatchObject({ queued: 2 });
  const again = expectOk(
    await api.post('/api/seo-suite/generate-articles-bulk', {
      project_id: project.id,
      site_id: siteId,
      articles: articleRequests(outline, 2),
    }),
    202,
  );
  expect(again).toMatchObject({ queued: 0, summary: { already_planned: 2 } });
  expect((await projectState()).articles_in_progress).toBe(2);

  const [a, b] = await list();
  const before = await articleCount();
  await runUnitAsItsEntry(t, `seo-article:${a!.id}`);
  // A retried or duplicated queue entry finds the item written: nothing more is stored.
  await runUnitAsItsEntry(t, `seo-article:${a!.id}`);
  expect(await articleCount()).toBe(before + 1);
  expect((await list())[0]).toMatchObject({ generation_status: 'generated', status: 'draft', title: a!.title });
  expect(await projectState()).toMatchObject({ current_phase: 2, progress_percentage: 50 });

  await runUnitAsItsEntry(t, `seo-article:${b!.id}`);
  expect(await projectState()).toMatchObject({
    current_phase: 2,
    progress_percentage: 100,
    articles_generated: 2,
    articles_in_progress: 0,
    // Articles and no pages: the wizard's Content Generation step (issue #37 item 8).
    wizard_step: 5,
    wizard_step_name: 'Content Generation',
  });
});

it('fails an item whose site was switched off, and queues it again on the next run', async () => {
  const cookie = await t.login();
  const next = articleRequests(outline, 3).slice(2);
  expectOk(
    await api.post('/api/seo-suite/generate-articles-bulk', {
      project_id: project.id,
      site_id: siteId,
      articles: next,
    }),
    202,
  );
  const pending = (await list()).find((a) => a.generation_status === 'queued')!;
  await t.request({ method: 'PUT', url: `/api/sites/${siteId}`, cookie, payload: siteBody({ is_active: false }) });
  await runUnitAsItsEntry(t, `seo-article:${pending.id}`);
  const failed = (await list()).find((a) => a.id === pending.id)!;
  expect(failed.generation_status).toBe('failed');
  expect(failed.error).toMatch(/inactive/);

  await t.request({ method: 'PUT', url: `/api/sites/${siteId}`, cookie, payload: siteBody({ is_active: true }) });
  const retry = expectOk(
    await api.post('/api/seo-suite/generate-articles-bulk', {
      project_id: project.id,
      site_id: siteId,
      articles: next,
    }),
    202,
  );
  expect(retry).toMatchObject({ queued: 1, summary: { retried: 1 } });
  await runUnitAsItsEntry(t, `seo-article:${pending.id}`);
  expect((await list()).find((a) => a.id === pending.id)).toMatchObject({
    generation_status: 'generated',
    error: null,
  });
});
