import { SEO_PUBLISH_RUN_PAGE, type SeoPage, type SeoProject, type SeoPublishRun } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WordPressError } from '../../src/integrations/wordpress/index.js';
import { createSite, fakeWordPressFor } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import type { FakeWordPress } from '../wordpress/fake-wordpress.js';
import { createProject, expectOk, planProject, type SeoApi, seoApi } from './seo-helpers.js';

/*
 * Issue #37 point 2: an SEO publish run's page retries its failed items (a new run) and cancels an
 * unfinished run. A web-only process queues runs but never carries them out: the runner is called here.
 */
let t: TestApp;
let api: SeoApi;
let project: SeoProject;
let wordpress: FakeWordPress;
let pages: SeoPage[];

const getRun = async (id: number) => expectOk<SeoPublishRun>(await api.get(`/api/seo/publish-runs/${id}`));
const startPages = async (body: Record<string, unknown>) =>
  expectOk<SeoPublishRun>(await api.post(`/api/seo/projects/${project.id}/publish-pages`, body), 202);
const creates = () => wordpress.calls.filter((c) => c === 'pages.create').length;

beforeAll(async () => {
  t = await createTestApp({ role: 'web' });
  const fake = fakeWordPressFor(t);
  const cookie = await t.login();
  api = seoApi(t, cookie);
  const site = await createSite(t, cookie);
  project = await createProject(api, site.id);
  await planProject(api, project);
  pages = (
    expectOk(
      await api.post(`/api/seo/projects/${project.id}/generate-pages`, { includeOptional: false }),
    ) as unknown as { pages: SeoPage[] }
  ).pages;
  await t.services.sites.getClientForSite(site.id);
  wordpress = fake.fakeAt(site.url);
}, 90_000);
afterAll(() => t.close());

it('cancels a queued run: nothing is pushed, and a finished run cannot be cancelled (409)', async () => {
  const run = await startPages({ status: 'draft' });
  // Not retried while it has not finished.
  const early = await api.post(`/api/seo/publish-runs/${run.id}/retry`, {});
  expect(early.statusCode).toBe(409);
  expect(early.json().error).toBe(SEO_PUBLISH_RUN_PAGE.stillRunning);

  const cancelled = expectOk<SeoPublishRun>(await api.post(`/api/seo/publish-runs/${run.id}/cancel`, {}));
  expect(cancelled).toMatchObject({ id: run.id, state: 'failed', error: SEO_PUBLISH_RUN_PAGE.cancelledReason });
  const before = creates();
  await t.services.seo.publishRunner.run(run.id);
  expect(creates()).toBe(before);
  expect(await getRun(run.id)).toMatchObject({ state: 'failed', error: SEO_PUBLISH_RUN_PAGE.cancelledReason });

  const again = await api.post(`/api/seo/publish-runs/${run.id}/cancel`, {});
  expect(again.statusCode).toBe(409);
  expect(again.json().error).toBe(SEO_PUBLISH_RUN_PAGE.alreadyOver);
});

it('stops a running run after the item being pushed when it is cancelled', async () => {
  const run = await startPages({ status: 'draft' });
  const create = wordpress.pages.create;
  // The operator presses Cancel while WordPress is creating the first page.
  wordpress.pages.create = async (...args) => {
    wordpress.pages.create = create;
    expectOk(await api.post(`/api/seo/publish-runs/${run.id}/cancel`, {}));
    return create(...args);
  };
  try {
    await t.services.seo.publishRunner.run(run.id);
  } finally {
    wordpress.pages.create = create;
  }
  const stopped = await getRun(run.id);
  expect(stopped).toMatchObject({ state: 'failed', error: SEO_PUBLISH_RUN_PAGE.cancelledReason, processed: 1 });
  expect(pages.length).toBeGreaterThan(1);
  expect(wordpress.store.pages.size).toBe(1);
});

it('retries the items that did not reach the site in a new run (202), and then has nothing left to retry (409)', async () => {
  // The previous run was cancelled after its first page: the others never reached the site.
  const [last] = expectOk<SeoPublishRun[]>(await api.get(`/api/seo/projects/${project.id}/publish-runs`));
  const missing = pages.map((p) => p.id).filter((id) => !last!.outcome.results.some((r) => r.id === id));
  expect(missing.length).toBe(pages.length - 1);
  // One of them fails when pushed: WordPress refuses it.
  wordpress.failNext(
    'pages.create',
    new WordPressError('invalid_request', { status: 400, wpCode: 'rest_invalid_param', message: 'Invalid parameter.' }),
  );

  const retry = expectOk<SeoPublishRun>(await api.post(`/api/seo/publish-runs/${last!.id}/retry`, {}), 202);
  expect(retry.id).not.toBe(last!.id);
  expect(retry).toMatchObject({ kind: 'pages', target_status: 'draft', state: 'queued', total: missing.length });
  await t.services.seo.publishRunner.run(retry.id);
  const first = await getRun(retry.id);
  expect(first).toMatchObject({ state: 'done', outcome: { failed: 1, drafts: missing.length - 1 } });
  const failedId = first.outcome.results.find((r) => r.outcome === 'failed')!.id;

  const second = expectOk<SeoPublishRun>(await api.post(`/api/seo/publish-runs/${retry.id}/retry`, {}), 202);
  expect(second.total).toBe(1);
  await t.services.seo.publishRunner.run(second.id);
  expect(await getRun(second.id)).toMatchObject({ state: 'done', outcome: { failed: 0, drafts: 1 } });
  expect((await getRun(second.id)).outcome.results.map((r) => r.id)).toEqual([failedId]);
  expect(wordpress.store.pages.size).toBe(pages.length);

  const none = await api.post(`/api/seo/publish-runs/${second.id}/retry`, {});
  expect(none.statusCode).toBe(409);
  expect(none.json().error).toBe(SEO_PUBLISH_RUN_PAGE.nothingToRetry);
});

it('answers 404 for an unknown run and 400 naming runId for a bad one, never 500', async () => {
  for (const action of ['retry', 'cancel']) {
    const missing = await api.post(`/api/seo/publish-runs/999999/${action}`, {});
    expect(missing.statusCode, action).toBe(404);
    const bad = await api.post(`/api/seo/publish-runs/abc/${action}`, {});
    expect(bad.statusCode, action).toBe(400);
    expect(JSON.stringify(bad.json()), action).toContain('runId');
  }
});
