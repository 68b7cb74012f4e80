import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertSite } from '../articles/article-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { type FuzzCase, type Operation, operationCases, seeded } from './openapi-fuzz.js';

/**
 * The README promises that no input gives a 500. This walks the OpenAPI description — so a new
 * route is fuzzed the day it is added — and sends every operation bad ids, NUL bytes, lone
 * surrogates, huge strings, wrong types, missing and extra fields and non-JSON bodies.
 */
describe('no input gives a 5xx', () => {
  let t: TestApp;
  let cookie: string;
  const valid: Record<string, string> = {};

  beforeAll(async () => {
    // Sites point at a port that refuses at once, so a case that passes validation never waits.
    t = await createTestApp();
    cookie = await t.login();
    const site = await insertSite(t, { url: 'http://127.0.0.1:9' });
    const article = await insertArticle(t, { siteId: site.id });
    const config = await t.request({
      method: 'POST',
      url: '/api/config',
      cookie,
      payload: { site_id: site.id, topics: ['soil'] },
    });
    const project = await t.request({
      method: 'POST',
      url: '/api/seo-suite/projects',
      cookie,
      payload: {
        site_id: site.id,
        project_name: 'Fuzz',
        niche: 'soil',
        company_name: 'Fuzz Co',
        target_audience: 'gardeners',
        goal: 'traffic',
      },
    });
    const keyword = await t.request({
      method: 'POST',
      url: `/api/seo/projects/${project.json().id}/keywords`,
      cookie,
      payload: { keyword: 'garden soil' },
    });
    const probe = await t.request({
      method: 'POST',
      url: '/api/diagnostics/queue-probes',
      cookie,
      payload: { message: 'fuzz' },
    });
    const bulk = await t.request({
      method: 'POST',
      url: '/api/bulk-jobs/start',
      cookie,
      payload: { items_list: ['soil'], site_id: site.id, options: { postToWordPress: false } },
    });
    for (const res of [config, project, keyword, probe, bulk]) expect(res.statusCode, res.body).toBeLessThan(300);
    Object.assign(valid, {
      site: String(site.id),
      article: String(article.id),
      config: String(config.json().id),
      project: String(project.json().id),
      keyword: String(keyword.json().id),
      probe: String(probe.json().id),
      bulk: String(bulk.json().job_id),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A real id for each path parameter, so that cases on other inputs reach the service. */
  function validPathValue(template: string) {
    return (name: string): string => {
      if (name === 'keywordId') return valid.keyword!;
      if (template.startsWith('/api/sites/')) return valid.site!;
      if (template.startsWith('/api/config/')) return valid.config!;
      if (template.startsWith('/api/articles/') || template.startsWith('/api/generation-logs/')) return valid.article!;
      if (template.startsWith('/api/bulk-jobs/')) return valid.bulk!;
      if (template.startsWith('/api/diagnostics/')) return valid.probe!;
      if (template.startsWith('/api/seo')) return valid.project!;
      return '1';
    };
  }

  /** Deletes after everything else, and the session's own routes last, so the fuzz keeps its data and its session. */
  function order(method: string, path: string): number {
    if (path === '/api/auth/login') return 4;
    if (path.startsWith('/api/auth/')) return 3;
    if (method === 'delete' || path.includes('delete')) return 2;
    return 1;
  }

  // First: the fuzz below ends with the session's own routes (logout, failed logins).
  it('the answers are 400s naming the field: ids beyond 32 bits, NUL bytes, lone surrogates', async () => {
    const cases: Array<[string, Parameters<TestApp['request']>[0]]> = [
      ['params.id', { method: 'GET', url: '/api/sites/2147483648' }],
      ['params.id', { method: 'GET', url: '/api/seo-suite/projects/9007199254740992' }],
      ['params.keywordId', { method: 'DELETE', url: '/api/seo/keywords/2147483648' }],
      ['body.site_id', { method: 'POST', url: '/api/config', payload: { site_id: 2 ** 31, topics: ['soil'] } }],
      [
        'body.site_id',
        { method: 'POST', url: '/api/bulk-jobs/start', payload: { items_list: ['soil'], site_id: 2 ** 31 } },
      ],
      [
        'body.project_id',
        { method: 'POST', url: '/api/seo-suite/generate-meta-descriptions', payload: { project_id: 2 ** 31 } },
      ],
      ['body.message', { method: 'POST', url: '/api/diagnostics/queue-probes', payload: { message: 'a\u0000b' } }],
      [
        'body.topics.0',
        {
          method: 'PUT',
          url: `/api/config/${valid.config}`,
          payload: { site_id: Number(valid.site), topics: ['a\u0000b'] },
        },
      ],
      ['body.model', { method: 'PUT', url: '/api/settings/llm', payload: { provider: 'openai', model: 'gpt\ud800' } }],
      ['params.id', { method: 'GET', url: '/api/bulk-jobs/a%00b/status' }],
      ['query.status', { method: 'GET', url: '/api/articles?status=a%00b' }],
    ];
    for (const [field, request] of cases) {
      const res = await t.request({ ...request, cookie });
      expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(400);
      expect(res.json().details?.[0]?.field, `${request.method} ${request.url}`).toBe(field);
    }
  });

  it('every operation answers every bad input with a status below 500', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json', cookie })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const pick = seeded(12);
    const operations = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })))
      .sort((a, b) => order(a.method, a.path) - order(b.method, b.path));
    expect(operations.length).toBeGreaterThan(60);

    const failures: string[] = [];
    let sent = 0;
    for (const { path, method, op } of operations) {
      const cases: FuzzCase[] = operationCases(method, path, op, validPathValue(path), pick);
      for (const c of cases) {
        let res = await send(c);
        // A fuzzed logout or password change may end the session: sign in again and retry once.
        if (res.statusCode === 401 && !path.startsWith('/api/auth/')) {
          cookie = await t.login();
          res = await send(c);
        }
        sent++;
        if (res.statusCode >= 500)
          failures.push(`${c.method} ${path} [${c.label}] → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(sent).toBeGreaterThan(2_000);
    expect(failures, `${failures.length} of ${sent} requests gave a 5xx:\n${failures.join('\n')}`).toEqual([]);
  }, 240_000);

  async function send(c: FuzzCase) {
    return t.request({ method: c.method as 'GET', url: c.url, cookie, payload: c.payload, headers: c.headers });
  }
});
