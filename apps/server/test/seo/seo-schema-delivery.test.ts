import type { OptimisationResponse, SeoArticle } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSite, fakeWordPressFor } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import {
  createProject,
  expectOk,
  planProject,
  publishAndWait,
  type SeoApi,
  seoApi,
  writeArticles,
} from './seo-helpers.js';
import { extractJsonLd } from './seo-html.js';

// A WordPress user without unfiltered_html (an editor on multisite, DISALLOW_UNFILTERED_HTML): WordPress
// would strip <script>, so JSON-LD is stored but not put into the HTML, and the answer says so.
let t: TestApp;
let api: SeoApi;
let fake: ReturnType<typeof fakeWordPressFor>;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  fake = fakeWordPressFor(t, { capabilities: { unfiltered_html: false }, roles: ['editor'] });
  const cookie = await t.login();
  api = seoApi(t, cookie);
  const site = await createSite(t, cookie);
  const project = await createProject(api, site.id);
  const outline = await planProject(api, project);
  await writeArticles(api, project, outline, 2);
  projectId = project.id;
}, 90_000);
afterAll(() => t.close());

it('stores the schema, keeps it out of the HTML and warns', async () => {
  const res = expectOk<OptimisationResponse>(
    await api.post('/api/seo-suite/generate-schema-markup', {
      project_id: projectId,
      schema_types: ['Article', 'BreadcrumbList'],
    }),
  );
  expect(res.summary).toMatchObject({ delivered_in_html: false });
  expect(res.warnings.join(' ')).toMatch(/unfiltered_html/);
  const articles = expectOk<SeoArticle[]>(await api.get(`/api/seo-suite/articles/${projectId}`));
  expect(articles.every((a) => a.has_schema_markup)).toBe(true);
  for (const article of articles) {
    const stored = expectOk<{ content: string }>(await api.get(`/api/articles/${article.article_id}`));
    expect(extractJsonLd(stored.content)).toEqual([]);
  }
  const logs = expectOk<{ step: string; status: string }[]>(await api.get(`/api/seo-suite/logs/${projectId}`));
  expect(logs[0]).toMatchObject({ step: 'schema_markup_complete', status: 'warning' });

  // Pages publish without the script too, with the same warning; privacy/terms none here.
  expectOk(await api.post(`/api/seo/projects/${projectId}/generate-pages`, { includeOptional: false }));
  expectOk(await api.post('/api/seo-suite/generate-schema-markup', { project_id: projectId }));
  const published = (await publishAndWait(api, projectId, 'pages', { status: 'draft' })).outcome;
  expect(published).toMatchObject({ failed: 0, published: 0 });
  expect(published.drafts).toBeGreaterThan(3);
  expect(published.warnings.join(' ')).toMatch(/unfiltered_html/);
  const wordpress = fake.fakeAt('https://garden.example');
  for (const result of published.results) {
    const page = await wordpress.pages.get(result.wordpress_id!);
    expect(page.status).toBe('draft');
    expect(page.content?.raw ?? page.content?.rendered ?? '').not.toContain('application/ld+json');
  }
});
