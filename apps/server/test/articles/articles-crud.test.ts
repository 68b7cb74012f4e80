import { ARTICLE_MESSAGES, type GenerationLog } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';
import { insertArticle, insertGenerationLog, insertSite, insertTrendSource } from './article-fixtures.js';

let t: TestApp;
let cookie: string;

const req = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.request({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});
afterAll(async () => t.close());

describe('article ids', () => {
  it.each([
    ['abc', ARTICLE_MESSAGES.invalidIdFormat],
    ['1.5', ARTICLE_MESSAGES.invalidIdFormat],
    ['0', ARTICLE_MESSAGES.invalidId],
    ['-3', ARTICLE_MESSAGES.invalidId],
    ['99999999999', ARTICLE_MESSAGES.invalidId],
  ])('GET /api/articles/%s answers 400 "%s"', async (id, message) => {
    const res = await req('GET', `/api/articles/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'validation', details: [{ field: 'id', message }] });
  });

  it('answers 404 for an id that does not exist', async () => {
    const res = await req('GET', '/api/articles/424242');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(ARTICLE_MESSAGES.notFound);
  });
});

describe('GET /api/articles/{id}', () => {
  it('returns the whole article with its site', async () => {
    const site = await insertSite(t, { name: 'Garden', url: 'https://garden.example' });
    const article = await insertArticle(t, {
      siteId: site.id,
      siteName: 'Old name',
      keywords: ['soil'],
      sourceUrls: ['https://news.example/a'],
    });
    const res = await req('GET', `/api/articles/${article.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: article.id,
      site_id: site.id,
      site_name: 'Garden',
      site_url: 'https://garden.example',
      source_type: 'trend',
      keywords: ['soil'],
      task_type: 'Blog Post',
      content: article.content,
      quality_report: null,
    });
  });
});

describe('PUT /api/articles/{id}', () => {
  it('saves title and content, sanitising the HTML', async () => {
    const article = await insertArticle(t);
    const res = await req('PUT', `/api/articles/${article.id}`, {
      title: '  New title  ',
      content:
        '<h1>Head</h1><p onclick="steal()">Text <a href="javascript:alert(1)">bad</a> <a href="https://ok.example">good</a></p><script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.title).toBe('New title');
    expect(body.content).toContain('<h2>Head</h2><p>Text bad');
    expect(body.content).toContain('<a href="https://ok.example" rel="noopener">good</a>');
    expect(body.content).not.toMatch(/script|onclick|javascript:/);
    // Every link the sanitiser keeps is closed as a link (no tag left half-open).
    expect(body.content.match(/<a /g)?.length).toBe(body.content.match(/<\/a>/g)?.length);
    expect((await req('GET', `/api/articles/${article.id}`)).json().content).toBe(body.content);
  });

  it('recounts the word count when the content changes, and keeps it when only the status does', async () => {
    const article = await insertArticle(t, { wordCount: 3034 });
    const edited = await req('PUT', `/api/articles/${article.id}`, {
      content:
        '<p>Seventeen words in all: one two three four five six seven eight nine ten eleven twelve thirteen.</p>',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().word_count).toBe(17);
    expect((await req('PUT', `/api/articles/${article.id}`, { status: 'review' })).json().word_count).toBe(17);
  });

  it('changes only the status (the bulk change)', async () => {
    const article = await insertArticle(t, { title: 'Keep me' });
    const res = await req('PUT', `/api/articles/${article.id}`, { status: 'review' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'review', title: 'Keep me', content: article.content });
  });

  it('schedules with a future scheduled_at', async () => {
    const article = await insertArticle(t);
    const when = inOneHour();
    const res = await req('PUT', `/api/articles/${article.id}`, { status: 'scheduled', scheduled_at: when });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'scheduled', scheduled_at: when });
    // Leaving 'scheduled' drops the time: it means nothing for other statuses.
    const back = await req('PUT', `/api/articles/${article.id}`, { status: 'draft', scheduled_at: null });
    expect(back.json()).toMatchObject({ status: 'draft', scheduled_at: null });
  });

  it.each([
    [{ status: 'scheduled' }, 'scheduled_at', 'is required when status is scheduled'],
    [{ status: 'scheduled', scheduled_at: null }, 'scheduled_at', 'is required when status is scheduled'],
    [
      { status: 'scheduled', scheduled_at: '2020-01-01T00:00:00Z' },
      'scheduled_at',
      'must be in the future when status is scheduled',
    ],
    [
      { status: 'draft', scheduled_at: '2099-01-01T00:00:00Z' },
      'scheduled_at',
      'can only be set when status is scheduled',
    ],
  ])('refuses %j', async (payload, field, message) => {
    const article = await insertArticle(t);
    const res = await req('PUT', `/api/articles/${article.id}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field, message }]);
  });

  it.each([
    [{}, 'body'],
    [{ title: '   ' }, 'body.title'],
    [{ status: 'archived' }, 'body.status'],
    [{ scheduled_at: 'tomorrow' }, 'body.scheduled_at'],
    [{ title: 'x'.repeat(501) }, 'body.title'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const article = await insertArticle(t);
    const res = await req('PUT', `/api/articles/${article.id}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe(field);
  });

  it('answers 404 for a missing article and 400 for a bad id', async () => {
    expect((await req('PUT', '/api/articles/777777', { status: 'draft' })).statusCode).toBe(404);
    expect((await req('PUT', '/api/articles/x1', { status: 'draft' })).json().error).toBe(
      ARTICLE_MESSAGES.invalidIdFormat,
    );
  });
});

describe('DELETE /api/articles/{id}', () => {
  it('deletes the article and its trend sources and log', async () => {
    const article = await insertArticle(t);
    await insertTrendSource(t, article.id, 'compost');
    const res = await req('DELETE', `/api/articles/${article.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, id: article.id, wordpress_post: 'none' });
    expect((await req('GET', `/api/articles/${article.id}`)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/articles/${article.id}`)).statusCode).toBe(404);
  });
});

describe('trend sources and generation log', () => {
  it('lists the trend sources of an article', async () => {
    const article = await insertArticle(t);
    await insertTrendSource(t, article.id, 'compost');
    await insertTrendSource(t, article.id, 'mulch');
    const res = await req('GET', `/api/articles/${article.id}/trends`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        topic: 'compost',
        description: 'About compost',
        published_date: '2026-11-01T08:00:00.000Z',
        trend_url: 'https://news.example/compost',
      },
      {
        topic: 'mulch',
        description: 'About mulch',
        published_date: '2026-11-01T08:00:00.000Z',
        trend_url: 'https://news.example/mulch',
      },
    ]);
    const empty = await insertArticle(t);
    expect((await req('GET', `/api/articles/${empty.id}/trends`)).json()).toEqual([]);
    expect((await req('GET', '/api/articles/555555/trends')).statusCode).toBe(404);
  });

  it('returns the generation log, or 404 with the spec text when there is none', async () => {
    const article = await insertArticle(t);
    expect((await req('GET', `/api/generation-logs/${article.id}`)).json()).toMatchObject({
      error: ARTICLE_MESSAGES.noGenerationLog,
    });
    const log: GenerationLog = {
      status: 'completed',
      method: 'manual',
      duration: 1234,
      contentStats: { wordCount: 900 },
      sources: { newsUrls: ['https://n.example/1'], newsUrlsCount: 1, groundingSources: [], groundingSourcesCount: 0 },
      steps: [{ step: 'outline', status: 'success', duration: 200, error: null }],
      summary: {
        totalSteps: 1,
        successfulSteps: 1,
        failedSteps: 0,
        usedNewsContent: true,
        usedGroundedContent: false,
        hadErrors: false,
      },
      errors: [],
      warnings: [{ message: 'Shorter than requested' }],
    };
    await insertGenerationLog(t, article.id, log);
    const res = await req('GET', `/api/generation-logs/${article.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(log);
    expect((await req('GET', '/api/generation-logs/abc')).json().error).toBe(ARTICLE_MESSAGES.invalidIdFormat);
  });
});
