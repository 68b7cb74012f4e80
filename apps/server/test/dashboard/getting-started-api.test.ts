import type { GettingStarted } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertSite } from '../articles/article-fixtures.js';
import { configValues } from '../scheduler/scheduler-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

// Issue #37 point 4: the Dashboard's getting-started checklist ticks itself from what the database holds.

let t: TestApp;
let cookie: string;

const checklist = async () => {
  const res = await t.request({ method: 'GET', url: '/api/dashboard/getting-started', cookie });
  expect(res.statusCode).toBe(200);
  const body = res.json() as GettingStarted;
  return {
    done: Object.fromEntries(body.steps.map((s) => [s.id, s.done])),
    order: body.steps.map((s) => s.id),
    complete: body.complete,
  };
};

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});
afterAll(async () => t.close());

describe('GET /api/dashboard/getting-started', () => {
  it('needs a session', async () => {
    const res = await t.request({ method: 'GET', url: '/api/dashboard/getting-started' });
    expect(res.statusCode).toBe(401);
  });

  it('ticks each step from real state, in order, and is complete when all four are done', async () => {
    const fresh = await checklist();
    expect(fresh.order).toEqual(['site', 'writer', 'article', 'schedule']);
    expect(fresh.done).toEqual({ site: false, writer: false, article: false, schedule: false });
    expect(fresh.complete).toBe(false);

    const site = await insertSite(t, { name: 'Checklist Garden' });
    expect((await checklist()).done).toEqual({ site: true, writer: false, article: false, schedule: false });

    // Keeping the demo writer is a choice too: saving the section with the offline writer ticks it.
    const saved = await t.request({
      method: 'PUT',
      url: '/api/settings/llm',
      cookie,
      payload: { provider: 'offline' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await checklist()).done).toMatchObject({ writer: true, article: false });

    await insertArticle(t, { siteId: site.id, status: 'draft' });
    expect((await checklist()).done).toMatchObject({ article: true, schedule: false });

    const config = await t.request({ method: 'POST', url: '/api/config', cookie, payload: configValues(site.id) });
    expect(config.statusCode).toBe(201);
    expect(await checklist()).toMatchObject({
      done: { site: true, writer: true, article: true, schedule: true },
      complete: true,
    });
  });
});

describe('the writer step with a model chosen in the environment', () => {
  let envApp: TestApp;
  beforeAll(async () => {
    envApp = await createTestApp({
      config: {
        llm: {
          provider: 'openai',
          model: 'gpt-4o-mini',
          apiKey: 'sk-test',
          timeoutMs: 120_000,
          concurrency: 4,
          stream: false,
        },
      },
    });
  });
  afterAll(async () => envApp.close());

  it('is done without saving anything in the app', async () => {
    const res = await envApp.request({
      method: 'GET',
      url: '/api/dashboard/getting-started',
      cookie: await envApp.login(),
    });
    expect((res.json() as GettingStarted).steps.find((s) => s.id === 'writer')).toEqual({ id: 'writer', done: true });
  });
});
