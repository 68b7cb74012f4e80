import type { SeoPage, SeoProject, SeoPublishRun } from '@abp/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seoPages } from '../../src/db/schema/index.js';
import { WordPressError } from '../../src/integrations/wordpress/index.js';
import { createSite, fakeWordPressFor, siteBody } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import type { FakeWordPress } from '../wordpress/fake-wordpress.js';
import { createProject, expectOk, fieldOf, planProject, type SeoApi, seoApi } from './seo-helpers.js';

/*
 * "Publish Pages" / "Publish Articles" as durable runs (issue #14). A web-only process queues runs
 * but never carries them out, so each step of a crash, a duplicated entry or a lost answer is run
 * here by hand through the runner the job calls.
 */
let t: TestApp;
let api: SeoApi;
let cookie: string;
let project: SeoProject;
let wordpress: FakeWordPress;
let pages: SeoPage[];

const lostAnswer = () =>
  new WordPressError('network', {
    message: 'POST …/wp/v2/pages got no answer within 30 s (timeout).',
    outcomeUnknown: true,
    method: 'POST',
  });
const getRun = async (id: number) => expectOk<SeoPublishRun>(await api.get(`/api/seo/publish-runs/${id}`));
const startPages = async (body: Record<string, unknown>) =>
  expectOk<SeoPublishRun>(await api.post(`/api/seo/projects/${project.id}/publish-pages`, body), 202);
/** WordPress pages per marker-free title: a duplicate shows up as a title seen twice. */
const wordpressTitles = () => [...wordpress.store.pages.values()].map((p) => p.title?.raw ?? p.title?.rendered ?? '');

beforeAll(async () => {
  t = await createTestApp({ role: 'web' });
  const fake = fakeWordPressFor(t);
  cookie = await t.login();
  api = seoApi(t, cookie);
  const site = await createSite(t, cookie);
  project = await createProject(api, site.id);
  await planProject(api, project);
  pages = (
    expectOk(
      await api.post(`/api/seo/projects/${project.id}/generate-pages`, { includeOptional: false }),
    ) as unknown as { pages: SeoPage[] }
  ).pages;
  // The site's client (and so its fake) exists once something has talked to it.
  await t.services.sites.getClientForSite(site.id);
  wordpress = fake.fakeAt(site.url);
}, 90_000);
afterAll(() => t.close());

it('starts a run (202) that the same request joins and a different one waits for (409)', async () => {
  const run = await startPages({ status: 'draft' });
  expect(run).toMatchObject({
    kind: 'pages',
    target_status: 'draft',
    state: 'queued',
    total: pages.length,
    processed: 0,
    error: null,
  });
  // A double click: the same run, not a second one.
  expect((await startPages({ status: 'draft' })).id).toBe(run.id);
  const other = await api.post(`/api/seo/projects/${project.id}/publish-pages`, { status: 'publish' });
  expect(other.statusCode).toBe(409);
  expect(other.json().error).toMatch(/being published/);
  // Articles are another kind of run: not blocked by the pages' run (400 here: none written yet).
  const articles = await api.post(`/api/seo/projects/${project.id}/publish-articles`, { status: 'publish' });
  expect(articles.statusCode).toBe(400);
  expect(fieldOf(articles)).toBe('articleIds');

  await t.services.seo.publishRunner.run(run.id);
  const done = await getRun(run.id);
  expect(done).toMatchObject({
    state: 'done',
    processed: pages.length,
    outcome: { drafts: pages.length, failed: 0, published: 0 },
  });
  expect(done.outcome.results.map((r) => r.id)).toEqual(pages.map((p) => p.id));
  expect(wordpress.store.pages.size).toBe(pages.length);
  // A retried or duplicated entry of a finished run does nothing.
  await t.services.seo.publishRunner.run(run.id);
  expect(wordpress.store.pages.size).toBe(pages.length);
  const logs = expectOk<{ step: string; message: string }[]>(await api.get(`/api/seo-suite/logs/${project.id}`));
  expect(logs.filter((l) => l.step === 'publish_pages').map((l) => l.message)).toEqual([
    `Pages: 0 published, ${pages.length} saved as drafts, 0 failed`,
  ]);
  // The project's runs, newest first, for a wizard that reloads mid-run.
  const runs = expectOk<SeoPublishRun[]>(await api.get(`/api/seo/projects/${project.id}/publish-runs`));
  expect(runs[0]).toMatchObject({ id: run.id, state: 'done' });
});

it('resumes after a crash with the items that are left, and a lost answer is found by its marker', async () => {
  const run = await startPages({ status: 'publish' });
  // WordPress applies one page's update but its answer is lost: that item fails with the reason
  // (publishing it again is safe), the run goes on with the others.
  wordpress.failNext('pages.update', lostAnswer(), { afterApply: true });
  await expect(t.services.seo.publishRunner.run(run.id, { retryCount: 0, retryLimit: 3 })).resolves.toBeUndefined();
  const first = await getRun(run.id);
  expect(first.state).toBe('done');
  expect(first.outcome.failed).toBe(1);
  expect(first.outcome.results.find((r) => r.outcome === 'failed')?.error).toMatch(/no answer/);

  // A worker that died after two pages: the run is "running" with two results stored, and the
  // queue's next attempt pushes only what has no result.
  const second = await startPages({ status: 'publish' });
  await t.ctx.handle.db.execute(sql`update seo_publish_runs set state = 'running', started_at = now(),
    results = (select jsonb_agg(r) from jsonb_array_elements(${JSON.stringify(first.outcome.results.slice(0, 2))}::jsonb) r) where id = ${second.id}`);
  const callsBefore = wordpress.calls.filter((c) => c.startsWith('pages.')).length;
  await t.services.seo.publishRunner.run(second.id, { retryCount: 1, retryLimit: 3 });
  const resumed = await getRun(second.id);
  expect(resumed).toMatchObject({ state: 'done', processed: pages.length });
  // Two pages were taken from the crashed attempt; only the others were pushed again.
  const pushes = wordpress.calls.filter((c) => c.startsWith('pages.')).slice(callsBefore);
  expect(pushes.filter((c) => c === 'pages.update' || c === 'pages.create')).toHaveLength(pages.length - 2);
  expect(wordpress.store.pages.size).toBe(pages.length);
  expect(new Set(wordpressTitles()).size).toBe(pages.length);
});

it('a page created whose answer was lost is looked up by its marker, never created twice', async () => {
  const [target] = await t.ctx.handle.db
    .select()
    .from(seoPages)
    .where(eq(seoPages.projectId, project.id))
    .orderBy(asc(seoPages.id))
    .limit(1);
  // The page was deleted in WordPress: the next push creates it again, and WordPress' answer is lost.
  wordpress.store.pages.delete(target!.wordpressPageId!);
  await t.ctx.handle.db.execute(
    sql`update seo_pages set wordpress_page_id = null, publish_create_pending = false where id = ${target!.id}`,
  );
  wordpress.failNext('pages.create', lostAnswer(), { afterApply: true });
  const lost = await startPages({ status: 'publish', pageIds: [target!.id] });
  await t.services.seo.publishRunner.run(lost.id);
  expect((await getRun(lost.id)).outcome.failed).toBe(1);
  const size = wordpress.store.pages.size;
  const again = await startPages({ status: 'publish', pageIds: [target!.id] });
  await t.services.seo.publishRunner.run(again.id);
  const found = await getRun(again.id);
  expect(found.outcome).toMatchObject({ published: 1, failed: 0 });
  expect(wordpress.store.pages.size).toBe(size);
  expect(wordpress.calls.filter((c) => c === 'pages.findByMarker').length).toBeGreaterThan(0);
});

it('two workers on one run (a duplicated entry) push each page once', async () => {
  const before = wordpress.calls.filter((c) => c === 'pages.update' || c === 'pages.create').length;
  const run = await startPages({ status: 'draft' });
  await Promise.all([t.services.seo.publishRunner.run(run.id), t.services.seo.publishRunner.run(run.id)]);
  const done = await getRun(run.id);
  expect(done).toMatchObject({ state: 'done', processed: pages.length });
  // The second worker finds the run leased by the first and leaves it alone.
  const pushes = wordpress.calls.filter((c) => c === 'pages.update' || c === 'pages.create').length - before;
  expect(pushes).toBe(pages.length);
  expect(done.outcome).toMatchObject({ drafts: pages.length, failed: 0 });
  expect(wordpress.store.pages.size).toBe(pages.length);
  expect(new Set(wordpressTitles()).size).toBe(pages.length);
});

it('a site switched off after the run was asked for stops it with the reason', async () => {
  const run = await startPages({ status: 'publish' });
  const off = await t.request({
    method: 'PUT',
    url: `/api/sites/${project.site_id}`,
    cookie,
    payload: siteBody({ is_active: false }),
  });
  expect(off.statusCode).toBe(200);
  try {
    await t.services.seo.publishRunner.run(run.id, { retryCount: 0, retryLimit: 3 });
    const failed = await getRun(run.id);
    expect(failed).toMatchObject({ state: 'failed', processed: 0 });
    expect(failed.error).toMatch(/inactive|disabled|not active/i);
    // While the site is off, a new publish is refused at once.
    expect((await api.post(`/api/seo/projects/${project.id}/publish-pages`, { status: 'publish' })).statusCode).toBe(
      409,
    );
  } finally {
    await t.request({
      method: 'PUT',
      url: `/api/sites/${project.site_id}`,
      cookie,
      payload: siteBody({ is_active: true }),
    });
  }
  // The failed run does not block the next one.
  const next = await startPages({ status: 'publish' });
  expect(next.state).toBe('queued');
  await t.services.seo.publishRunner.run(next.id);
  expect((await getRun(next.id)).state).toBe('done');
});

it('a passing failure before any push is retried by the queue, and the retry finds the run free', async () => {
  const run = await startPages({ status: 'draft' });
  // WordPress cannot be reached while the site's REST root is looked up again.
  await t.ctx.handle.db.execute(sql`update sites set rest_root = null where id = ${project.site_id}`);
  wordpress.failNext('discover', new WordPressError('network', { message: 'connect ECONNREFUSED', method: 'GET' }));
  await expect(t.services.seo.publishRunner.run(run.id, { retryCount: 0, retryLimit: 3 })).rejects.toThrow();
  expect(await getRun(run.id)).toMatchObject({ state: 'running', processed: 0 });
  // pg-boss' next attempt: not 'busy', it carries the run out.
  await t.services.seo.publishRunner.run(run.id, { retryCount: 1, retryLimit: 3 });
  expect(await getRun(run.id)).toMatchObject({ state: 'done', processed: pages.length, outcome: { failed: 0 } });
});

it('regenerating published pages keeps their status and page, flags them changed, and the next publish updates them', async () => {
  const run = await startPages({ status: 'publish' });
  await t.services.seo.publishRunner.run(run.id);
  const before = (expectOk(await api.get(`/api/seo/projects/${project.id}/pages`)) as unknown as SeoPage[]).filter(
    (p) => !p.needs_legal_review,
  );
  expect(before.every((p) => p.status === 'published' && !p.changed_since_publish)).toBe(true);
  // The model writes new copy: the pages stay 'published' (WordPress still shows them), flagged as changed.
  await t.ctx.handle.db.execute(
    sql`update seo_pages set content = content || '<p>old</p>' where project_id = ${project.id}`,
  );
  expectOk(await api.post(`/api/seo/projects/${project.id}/generate-pages`, { includeOptional: false }));
  const after = expectOk(await api.get(`/api/seo/projects/${project.id}/pages`)) as unknown as SeoPage[];
  for (const page of before) {
    const now = after.find((p) => p.id === page.id)!;
    expect(now).toMatchObject({
      status: 'published',
      wordpress_page_id: page.wordpress_page_id,
      changed_since_publish: true,
    });
  }
  const size = wordpress.store.pages.size;
  const again = await startPages({ status: 'publish' });
  await t.services.seo.publishRunner.run(again.id);
  const republished = expectOk(await api.get(`/api/seo/projects/${project.id}/pages`)) as unknown as SeoPage[];
  expect(republished.every((p) => !p.changed_since_publish)).toBe(true);
  expect(wordpress.store.pages.size).toBe(size);
  const first = republished.find((p) => p.id === before[0]!.id)!;
  const content = wordpress.store.pages.get(first.wordpress_page_id!)?.content?.raw;
  expect(content).toContain(first.content.slice(0, 40));
  expect(content).not.toContain('<p>old</p>');
});

it('answers 404 for an unknown run, 400 for a malformed id, 401 without a session', async () => {
  expect((await api.get('/api/seo/publish-runs/999999')).statusCode).toBe(404);
  const bad = await api.get('/api/seo/publish-runs/abc');
  expect(bad.statusCode).toBe(400);
  expect(fieldOf(bad)).toBe('params.runId');
  expect((await t.request({ method: 'GET', url: '/api/seo/publish-runs/1' })).statusCode).toBe(401);
  expect(
    (
      await t.request({
        method: 'POST',
        url: `/api/seo/projects/${project.id}/publish-pages`,
        payload: { status: 'draft' },
      })
    ).statusCode,
  ).toBe(401);
});
