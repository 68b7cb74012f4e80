import type { OutlineData, SeoArticle, SeoProject, SeoPublishRun } from '@abp/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { type TestApp, waitFor } from '../test-app.js';

/** Calls as the signed-in operator; every answer's JSON is at hand for assertions. */
export function seoApi(t: TestApp, cookie: string) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    t.request({
      method,
      url,
      cookie,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown = {}) => call('POST', url, payload),
    put: (url: string, payload: unknown) => call('PUT', url, payload),
    del: (url: string, payload?: unknown) => call('DELETE', url, payload),
  };
}
export type SeoApi = ReturnType<typeof seoApi>;

/** The answer's JSON after checking the status (the error body is in the message otherwise). */
export function expectOk<T = Record<string, unknown>>(res: LightMyRequestResponse, status = 200): T {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

export async function createProject(
  api: SeoApi,
  siteId: number,
  overrides: Record<string, unknown> = {},
): Promise<SeoProject> {
  const res = await api.post('/api/seo-suite/projects', {
    site_id: siteId,
    project_name: 'Coffee Campaign',
    niche: 'home coffee brewing',
    company_name: 'Bean There',
    target_audience: 'busy professionals',
    goal: 'grow organic traffic',
    ...overrides,
  });
  return expectOk(res, 201) as unknown as SeoProject;
}

/** Keywords → outline, as the wizard does (first 10 keyword texts). */
export async function planProject(api: SeoApi, project: SeoProject): Promise<OutlineData> {
  const keywords = expectOk(
    await api.post('/api/seo-suite/generate-keywords', {
      project_id: project.id,
      niche: project.niche,
      company_name: project.company_name,
    }),
  );
  const texts = (keywords.keywords as unknown as { keyword: string }[]).slice(0, 10).map((k) => k.keyword);
  const outline = expectOk(
    await api.post('/api/seo-suite/generate-outline', {
      project_id: project.id,
      niche: project.niche,
      keywords: texts,
    }),
  );
  return (outline.outline as unknown as { outline_data: OutlineData }).outline_data;
}

/** The wizard's article request: pillars then clusters, limited to `count` for speed. */
export function articleRequests(outline: OutlineData, count: number) {
  const pillars = outline.pillar_posts.map((p) => ({ ...p, content_type: 'pillar', pillar_parent: '' }));
  const clusters = outline.cluster_posts;
  // One pillar with its clusters first, so cluster ↔ pillar links exist among the few written.
  const first = pillars[0]!;
  const own = clusters.filter((c) => c.pillar_parent === first.title);
  return [first, ...own, ...pillars.slice(1), ...clusters.filter((c) => c.pillar_parent !== first.title)].slice(
    0,
    count,
  );
}

export async function writeArticles(
  api: SeoApi,
  project: SeoProject,
  outline: OutlineData,
  count: number,
): Promise<SeoArticle[]> {
  const res = await api.post('/api/seo-suite/generate-articles-bulk', {
    project_id: project.id,
    site_id: project.site_id,
    articles: articleRequests(outline, count),
    word_count: 2500,
  });
  expectOk(res, 202);
  return waitFor(
    async () => {
      const list = (await api.get(`/api/seo-suite/articles/${project.id}`)).json() as SeoArticle[];
      return list.length >= count &&
        list.every((a) => a.generation_status === 'generated' || a.generation_status === 'failed')
        ? list
        : null;
    },
    120_000,
    250,
  );
}

export function fieldOf(res: LightMyRequestResponse): string | undefined {
  const body = res.json() as { details?: { field: string }[] };
  return body.details?.[0]?.field;
}

/**
 * "Publish Pages" / "Publish Articles" as the wizard runs them: the POST starts a run (202), which
 * is followed until it is over; returns the finished run (its outcome is the publish answer).
 */
export async function publishAndWait(
  api: SeoApi,
  projectId: number,
  kind: 'pages' | 'articles',
  body: Record<string, unknown>,
): Promise<SeoPublishRun> {
  const started = expectOk<SeoPublishRun>(await api.post(`/api/seo/projects/${projectId}/publish-${kind}`, body), 202);
  return waitFor(
    async () => {
      const run = expectOk<SeoPublishRun>(await api.get(`/api/seo/publish-runs/${started.id}`));
      return run.state === 'done' || run.state === 'failed' ? run : null;
    },
    60_000,
    100,
  );
}
