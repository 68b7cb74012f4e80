import { randomUUID } from 'node:crypto';
import { type DeleteProjectResponse, SEO_ACTIVE_PROJECT_MESSAGE, type SeoProject } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../../src/jobs/catalogue.js';

const SEO_ARTICLE_JOB = JOBS.articleProduce.name; // a planned article is a unit of the article pipeline

import { createDeleteToken } from '../../src/modules/seo/deletion/delete-token.js';
import { createSite, fakeWordPressFor } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import {
  articleRequests,
  createProject,
  expectOk,
  fieldOf,
  planProject,
  type SeoApi,
  seoApi,
  writeArticles,
} from './seo-helpers.js';

async function confirmation(api: SeoApi, id: number, options: Record<string, unknown> = {}): Promise<string> {
  const res = expectOk(await api.del(`/api/seo-suite/projects/${id}`, options)) as unknown as DeleteProjectResponse;
  if (res.status !== 'confirmation_required') throw new Error('expected a confirmation');
  return res.confirmationToken;
}

describe('deleting a project whose articles are still being written (no worker runs here)', () => {
  let t: TestApp;
  let api: SeoApi;
  let project: SeoProject;

  beforeAll(async () => {
    // A web-only process queues jobs but never runs them: the project stays "active".
    t = await createTestApp({ role: 'web' });
    fakeWordPressFor(t);
    const cookie = await t.login();
    api = seoApi(t, cookie);
    const site = await createSite(t, cookie);
    project = await createProject(api, site.id);
    const outline = await planProject(api, project);
    // pg-boss looks a queue up on its own connection the first time; a worker does that at start.
    // Without workers on PGlite (one connection, a setup production never has) we do it first.
    await t.ctx.queue.boss.getJobById(SEO_ARTICLE_JOB, randomUUID());
    expectOk(
      await api.post('/api/seo-suite/generate-articles-bulk', {
        project_id: project.id,
        site_id: site.id,
        articles: articleRequests(outline, 3),
      }),
      202,
    );
  });
  afterAll(() => t.close());

  it('previews what would be deleted', async () => {
    const preview = expectOk(await api.get(`/api/seo-suite/delete-preview/${project.id}`));
    expect(preview).toMatchObject({ project: { id: project.id, project_name: 'Coffee Campaign' }, active: true });
    expect(preview.relatedData).toMatchObject({
      seo_project_articles: 3,
      generated_articles: 0,
      wordpress_posts: 0,
      wordpress_pages: 0,
    });
    expect((preview.relatedData as unknown as { keyword_research: number }).keyword_research).toBeGreaterThan(10);
    expect((preview.relatedData as unknown as { seo_project_logs: number }).seo_project_logs).toBeGreaterThanOrEqual(4);
    expect((await api.get('/api/seo-suite/delete-preview/987654')).statusCode).toBe(404);
  });

  it('refuses while active unless forced, saying the project is active and to use force=true', async () => {
    const res = await api.del(`/api/seo-suite/projects/${project.id}`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(SEO_ACTIVE_PROJECT_MESSAGE);
    expect(res.json().error).toMatch(/currently active.*force=true/);
    const bulk = await api.post('/api/seo-suite/delete-projects', { projectIds: [project.id] });
    expect(bulk.statusCode).toBe(409);
  });

  it('refuses missing, wrong, foreign and expired tokens; deletes with a valid one', async () => {
    // No token: only a confirmation, nothing deleted.
    const token = await confirmation(api, project.id, { force: true });
    expect((await api.get(`/api/seo-suite/projects/${project.id}`)).statusCode).toBe(200);

    const wrong = await api.del(`/api/seo-suite/projects/${project.id}`, {
      force: true,
      confirmationToken: `${token.split('.')[0]}.forged`,
    });
    expect(wrong.statusCode).toBe(400);
    expect(fieldOf(wrong)).toBe('confirmationToken');
    const foreign = await api.del(`/api/seo-suite/projects/${project.id}`, {
      force: true,
      confirmationToken: createDeleteToken(t.ctx.appSecret, project.id + 1, Date.now() + 60_000),
    });
    expect(fieldOf(foreign)).toBe('confirmationToken');
    const expired = await api.del(`/api/seo-suite/projects/${project.id}`, {
      force: true,
      confirmationToken: createDeleteToken(t.ctx.appSecret, project.id, Date.now() - 1),
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toMatch(/expired/);
    const wrongType = await api.del(`/api/seo-suite/projects/${project.id}`, { force: 'yes' });
    expect(fieldOf(wrongType)).toBe('body.force');
    expect((await api.get(`/api/seo-suite/projects/${project.id}`)).statusCode).toBe(200);

    const done = expectOk(
      await api.del(`/api/seo-suite/projects/${project.id}`, { force: true, confirmationToken: token }),
    ) as unknown as DeleteProjectResponse;
    expect(done).toMatchObject({
      status: 'deleted',
      success: true,
      message: 'Project deleted successfully',
      deleted: { seo_project_articles: 3 },
    });
    expect((await api.get(`/api/seo-suite/projects/${project.id}`)).statusCode).toBe(404);
    expect((await api.del(`/api/seo-suite/projects/${project.id}`, { confirmationToken: token })).statusCode).toBe(404);
  });
});

describe('deleting finished projects', () => {
  let t: TestApp;
  let api: SeoApi;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp();
    fakeWordPressFor(t);
    const cookie = await t.login();
    api = seoApi(t, cookie);
    siteId = (await createSite(t, cookie)).id;
  });
  afterAll(() => t.close());

  it('keeps the generated articles when asked to', async () => {
    const project = await createProject(api, siteId);
    const outline = await planProject(api, project);
    const written = await writeArticles(api, project, outline, 2);
    const token = await confirmation(api, project.id);
    const done = expectOk(
      await api.del(`/api/seo-suite/projects/${project.id}`, {
        confirmationToken: token,
        deleteGeneratedArticles: false,
      }),
    );
    expect(done).toMatchObject({ status: 'deleted', deleted: { generated_articles: 0, seo_project_articles: 2 } });
    for (const article of written) expect((await api.get(`/api/articles/${article.article_id}`)).statusCode).toBe(200);
  }, 60_000);

  it('deletes many projects at once and reports deleted_count', async () => {
    const a = await createProject(api, siteId, { project_name: 'A' });
    const b = await createProject(api, siteId, { project_name: 'B' });
    const unknown = await api.post('/api/seo-suite/delete-projects', { projectIds: [a.id, 999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(fieldOf(unknown)).toBe('projectIds');
    const empty = await api.post('/api/seo-suite/delete-projects', { projectIds: [] });
    expect(fieldOf(empty)).toBe('body.projectIds');
    expect(
      expectOk(
        await api.post('/api/seo-suite/delete-projects', { projectIds: [a.id, b.id], deleteGeneratedArticles: true }),
      ),
    ).toEqual({ success: true, deleted_count: 2, errors: [] });
    const list = expectOk(await api.get('/api/seo-suite/projects')) as unknown as SeoProject[];
    expect(list.some((p) => p.id === a.id || p.id === b.id)).toBe(false);
  });
});
