import type { JobUsage, OptimisationResponse, OutlineData, SeoKeyword, SeoProject } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from '../llm/fake-openai-server.js';
import { writerReply } from '../llm/fake-writer.js';
import { instantRetry } from '../llm/helpers.js';
import { createSite, fakeWordPressFor } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { createProject, expectOk, type SeoApi, seoApi, writeArticles } from './seo-helpers.js';
import { h2sOf } from './seo-html.js';

// The SEO steps with a configured model: the real AI SDK provider against a local chat-completions server.
const KEY = 'sk-seo-fake';
const json = (value: unknown): FakeReply => ({ type: 'text', content: JSON.stringify(value) });

const KEYWORDS = {
  keywords: [
    { keyword: 'espresso machines', keyword_type: 'primary', intent_type: 'transactional', competition_level: 'high' },
    {
      keyword: 'how to descale an espresso machine',
      keyword_type: 'long-tail',
      intent_type: 'informational',
      competition_level: 'low',
    },
    { keyword: 'crema', keyword_type: 'semantic', intent_type: 'informational', competition_level: 'medium' },
  ],
};
const OUTLINE = {
  pillar_posts: [
    {
      title: 'Espresso Machines: The Buyer Guide',
      target_keywords: ['espresso machines'],
      h2_headings: ['Types', 'Budgets', 'Care'],
    },
  ],
  cluster_posts: [
    {
      title: 'How to Descale an Espresso Machine',
      target_keywords: ['how to descale an espresso machine'],
      h2_headings: ['Why', 'Steps', 'How often'],
      content_type: 'how-to',
      pillar_parent: 'espresso machines: the buyer guide',
    },
    {
      title: 'Crema Explained',
      target_keywords: ['crema'],
      h2_headings: ['What', 'Why', 'How'],
      content_type: 'cluster',
      pillar_parent: 'A pillar that does not exist',
    },
  ],
};

function seoModel(request: ChatRequest): FakeReply {
  if (request.prompt.startsWith('Do keyword research')) return json(KEYWORDS);
  if (request.prompt.startsWith('Plan a pillar-and-cluster')) return json(OUTLINE);
  if (request.prompt.startsWith('Write one meta description')) {
    const ids = [...request.prompt.matchAll(/- id (\d+):/g)].map((m) => Number(m[1]));
    // The first is fine; the second is too long and must be replaced by the template.
    return json({
      descriptions: ids.map((id, i) => ({
        id,
        meta_description:
          i === 0
            ? 'Espresso machines compared: pick the right one for your kitchen.'
            : `Crema ${'and more '.repeat(30)}`,
      })),
    });
  }
  return writerReply(request);
}

let server: FakeOpenAiServer;
let t: TestApp;
let api: SeoApi;
let siteId: number;
let cookie: string;

beforeAll(async () => {
  server = await startFakeOpenAiServer({ apiKey: KEY, handler: seoModel });
  t = await createTestApp();
  fakeWordPressFor(t);
  t.services.llmProviders.providerOptions = { retry: instantRetry().policy };
  cookie = await t.login();
  api = seoApi(t, cookie);
  siteId = (await createSite(t, cookie)).id;
  const res = await t.request({
    method: 'PUT',
    url: '/api/settings/llm',
    cookie,
    payload: {
      provider: 'openai-compatible',
      model: 'fake-model',
      timeout_ms: 5000,
      base_url: server.baseUrl,
      api_key: KEY,
    },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await server.close();
});

describe('SEO steps with a configured model', () => {
  let project: SeoProject;

  it('stores the model’s keywords and outline, hanging every cluster under a real pillar', async () => {
    project = await createProject(api, siteId, { niche: 'espresso' });
    const keywords = expectOk(await api.post('/api/seo-suite/generate-keywords', { project_id: project.id }));
    expect(keywords.summary).toMatchObject({ source: 'model', keywords_added: 3 });
    expect((keywords.keywords as unknown as SeoKeyword[]).map((k) => k.keyword_type)).toEqual([
      'primary',
      'long-tail',
      'semantic',
    ]);
    expect(server.requests.at(-1)?.prompt).toContain('"espresso"');

    const outline = expectOk(
      await api.post('/api/seo-suite/generate-outline', { project_id: project.id, keywords: ['espresso machines'] }),
    );
    const data = (outline.outline as unknown as { outline_data: OutlineData }).outline_data;
    expect(data.cluster_posts.map((c) => c.pillar_parent)).toEqual([
      'Espresso Machines: The Buyer Guide',
      'Espresso Machines: The Buyer Guide',
    ]);
    expect(data.cluster_posts[0]!.content_type).toBe('how-to');
  });

  it('keeps valid model meta descriptions and replaces ones over 160 characters, with a warning', async () => {
    const outline = expectOk<{ outline_data: OutlineData }[]>(
      await api.get(`/api/seo-suite/outlines/${project.id}`),
    )[0]!.outline_data;
    const written = await writeArticles(api, project, outline, 2);
    expect(written.every((a) => a.generation_status === 'generated')).toBe(true);
    // Issue #18 item 8: the plan's H2s are the article's H2s, in order, with a model too.
    for (const item of written) {
      const article = expectOk<{ content: string }>(await api.get(`/api/articles/${item.article_id}`));
      expect(h2sOf(article.content)).toEqual(item.h2_headings);
    }
    const res = expectOk<OptimisationResponse>(
      await api.post('/api/seo-suite/generate-meta-descriptions', { project_id: project.id }),
    );
    expect(res.results[0]!.meta_description).toBe('Espresso machines compared: pick the right one for your kitchen.');
    expect(res.results[1]!.meta_description!.length).toBeLessThanOrEqual(160);
    expect(res.results[1]!.meta_description!.toLowerCase()).toContain('how to descale an espresso machine');
    expect(res.warnings).toHaveLength(1);
  }, 60_000);

  it('counts the project’s model calls per wizard step (issue #16)', async () => {
    const usage = expectOk<JobUsage>(await api.get(`/api/usage/seo-projects/${project.id}`));
    // Every call of this file so far worked for this project.
    expect(usage.total.calls).toBe(server.requests.length);
    expect(usage.total.input_tokens).toBe(server.reportedUsage.reduce((sum, u) => sum + u.promptTokens, 0));
    const calls = Object.fromEntries(usage.steps.map((step) => [step.step, step.calls]));
    expect(calls).toMatchObject({ 'Keyword Research': 1, 'Content Strategy': 1, 'SEO Optimization': 1 });
    expect(calls['Content Generation']).toBe(server.requests.length - 3);
    const other = expectOk<JobUsage>(await api.get(`/api/usage/seo-projects/${project.id + 1000}`));
    expect(other.total.calls).toBe(0);
  });

  it('repairs a malformed keyword answer by asking again, and says in words when it never fits (issue #37)', async () => {
    let answered = 0;
    server.setHandler((request) => {
      if (!request.prompt.startsWith('Do keyword research')) return seoModel(request);
      answered++;
      // First a list with a keyword type the structure does not have, then the valid answer.
      return answered === 1
        ? json({
            keywords: [{ keyword: 'espresso', keyword_type: 'head term', intent_type: 'x', competition_level: 'y' }],
          })
        : json(KEYWORDS);
    });
    const repaired = await api.post('/api/seo-suite/generate-keywords', { project_id: project.id });
    expect(repaired.statusCode, repaired.body).toBe(200);
    expect(answered).toBe(2);

    server.setHandler((request) =>
      request.prompt.startsWith('Do keyword research')
        ? { type: 'text', content: 'Here are some keywords: espresso, crema, grinders.' }
        : seoModel(request),
    );
    const failed = await api.post('/api/seo-suite/generate-keywords', { project_id: project.id });
    expect(failed.statusCode).toBe(424);
    expect(failed.json()).toMatchObject({ code: 'llm_error', details: { kind: 'bad_output' } });
    expect(failed.json().error).toBe(
      'The language model failed: its answers could not be read as what this step needs, even after they were repaired, the model was asked again, and the other providers were tried.',
    );
    expect(failed.json().error).not.toMatch(/bad_output|expected structure/);
    server.setHandler(seoModel);
  });

  it('reports a model failure as a 424 whose text the operator can read', async () => {
    server.setHandler(() => ({ type: 'error', status: 401, body: { error: { message: 'Invalid API key' } } }));
    const res = await api.post('/api/seo-suite/generate-keywords', { project_id: project.id });
    expect(res.statusCode).toBe(424);
    expect(res.json().error).toMatch(/^The language model failed/);
    server.setHandler(seoModel);
  });
});
