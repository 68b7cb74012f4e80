import { generationLogSchema } from '@abp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../src/db/schema/index.js';
import { AppError } from '../../src/errors.js';
import type { GenerateAndStoreInput } from '../../src/modules/generation/generation.service.js';
import { insertSite } from '../articles/article-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { articleCount, PNG_SIGNATURE, storedGeneration } from './manual-helpers.js';

// services.generation.generateAndStore(): the entry point the bulk jobs, scheduler, trends and SEO suite share.
let t: TestApp;
let siteId: number;
beforeAll(async () => {
  t = await createTestApp();
  siteId = (await insertSite(t, { name: 'Trend Site' })).id;
});
afterAll(() => t.close());

const input = (overrides: Partial<GenerateAndStoreInput> = {}): GenerateAndStoreInput => ({
  siteId,
  topic: 'Heat pumps in older homes',
  taskType: 'Blog Post',
  persona: '',
  wordCount: 900,
  includeImages: false,
  origin: 'manual',
  ...overrides,
});

describe('generateAndStore', () => {
  it('stores a trend article with its sources, keywords, image and a log naming the method', async () => {
    const result = await t.services.generation.generateAndStore(
      input({
        origin: 'trend',
        persona: 'A dry, witty engineer',
        includeImages: true,
        keywords: ['heat pump', ' retrofit ', 'heat pump'],
        sources: {
          newsUrls: ['https://news.example/heat-pumps'],
          trendSources: [
            {
              topic: 'heat pumps',
              description: 'Searches up 300%',
              publishedDate: '2026-11-02T10:00:00Z',
              trendUrl: 'https://trends.example/heat-pumps',
            },
          ],
        },
      }),
    );
    expect(result).toMatchObject({ status: 'draft', attempts: 1, refusal_recovered: false, offline: true });
    expect(result.error).toBeUndefined();
    const stored = await storedGeneration(t, result.articleId);
    expect(stored.article).toMatchObject({
      status: 'draft',
      origin: 'trend',
      persona: 'A dry, witty engineer',
      siteName: 'Trend Site',
      sourceUrls: ['https://news.example/heat-pumps', 'https://trends.example/heat-pumps'],
      hasSources: true,
    });
    expect(stored.article.keywords).toEqual(expect.arrayContaining(['heat pump', 'retrofit']));
    expect(stored.trendSources).toEqual([
      expect.objectContaining({
        topic: 'heat pumps',
        description: 'Searches up 300%',
        publishedDate: new Date('2026-11-02T10:00:00Z'),
        trendUrl: 'https://trends.example/heat-pumps',
      }),
    ]);
    expect(Buffer.from(stored.image!.png, 'base64').subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const log = generationLogSchema.parse(stored.log);
    // The offline writer writes without the news: the log lists it but does not claim it was used (issue #18 item 11).
    expect(log).toMatchObject({
      method: 'trend',
      sources: { newsUrls: ['https://news.example/heat-pumps'], newsUrlsCount: 1 },
      summary: { usedNewsContent: false },
    });
  });

  it('maps the schedule origin to the scheduled method', async () => {
    const result = await t.services.generation.generateAndStore(
      input({ origin: 'schedule', topic: 'Scheduled topic' }),
    );
    expect(generationLogSchema.parse((await storedGeneration(t, result.articleId)).log).method).toBe('scheduled');
  });

  it('stores a cancelled generation as a failed article and returns it instead of throwing', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await t.services.generation.generateAndStore(
      input({ topic: 'Cancelled topic', signal: controller.signal }),
    );
    expect(result).toMatchObject({ status: 'failed', errorKind: 'aborted', content: '', title: 'Cancelled topic' });
    const stored = await storedGeneration(t, result.articleId);
    expect(stored.article).toMatchObject({ status: 'failed', failureReason: result.error });
    expect(generationLogSchema.parse(stored.log).status).toBe('failed');
  });

  it.each([
    ['site_id', { siteId: 0 }],
    ['site_id', { siteId: 999_999 }],
    ['topic', { topic: '   ' }],
    ['topic', { topic: 'x'.repeat(501) }],
    ['task_type', { taskType: 'Sonnet' }],
    ['word_count', { wordCount: 499 }],
    ['word_count', { wordCount: 50_001 }],
    ['word_count', { wordCount: 1000.5 }],
    ['persona', { persona: 'p'.repeat(501) }],
    ['origin', { origin: 'email' as GenerateAndStoreInput['origin'] }],
    ['origin_key', { originKey: 'no key at all' }],
  ])('throws a 400 naming %s for invalid input and stores nothing', async (field, overrides) => {
    const before = await articleCount(t);
    const error = await t.services.generation.generateAndStore(input(overrides)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, details: [expect.objectContaining({ field })] });
    expect(await articleCount(t)).toBe(before);
  });

  it('an origin key: a second run of the same unit gets the stored article back and writes nothing', async () => {
    const first = await t.services.generation.generateAndStore(
      input({ origin: 'bulk', topic: 'Keyed topic', originKey: 'bulk-item:900001' }),
    );
    expect(first).toMatchObject({ status: 'draft' });
    expect(first.reused).toBeUndefined();
    expect((await storedGeneration(t, first.articleId)).article.originKey).toBe('bulk-item:900001');
    const before = await articleCount(t);

    const again = await t.services.generation.generateAndStore(
      input({ origin: 'bulk', topic: 'Keyed topic', originKey: 'bulk-item:900001' }),
    );
    expect(again).toMatchObject({
      articleId: first.articleId,
      title: first.title,
      status: 'draft',
      wordCount: first.wordCount,
      reused: true,
    });
    expect(await articleCount(t)).toBe(before);

    // Once that article has failed (say its publishing failed for good), the next run writes a new one and the key moves.
    await t.ctx.handle.db.update(articles).set({ status: 'failed' }).where(eq(articles.id, first.articleId));
    const fresh = await t.services.generation.generateAndStore(
      input({ origin: 'bulk', topic: 'Keyed topic', originKey: 'bulk-item:900001' }),
    );
    expect(fresh.articleId).not.toBe(first.articleId);
    expect(fresh.reused).toBeUndefined();
    expect((await storedGeneration(t, fresh.articleId)).article.originKey).toBe('bulk-item:900001');
    expect((await storedGeneration(t, first.articleId)).article.originKey).toBeNull();
  });

  it('two runs of one unit racing past their checks store one article between them', async () => {
    const key = 'schedule-slot:900002';
    const results = await Promise.all(
      [1, 2].map(() =>
        t.services.generation.generateAndStore(input({ origin: 'schedule', topic: 'Raced topic', originKey: key })),
      ),
    );
    expect(results[0]!.articleId).toBe(results[1]!.articleId);
    const keyed = await t.ctx.handle.db.select({ id: articles.id }).from(articles).where(eq(articles.originKey, key));
    expect(keyed).toHaveLength(1);
  });

  it('failed generations do not take the key', async () => {
    const controller = new AbortController();
    controller.abort();
    const failed = await t.services.generation.generateAndStore(
      input({ topic: 'Keyed failure', originKey: 'bulk-item:900003', signal: controller.signal }),
    );
    expect(failed.status).toBe('failed');
    expect((await storedGeneration(t, failed.articleId)).article.originKey).toBeNull();
  });

  it('accepts the long-form range of blog configurations (up to 50,000 words)', async () => {
    const result = await t.services.generation.generateAndStore(input({ topic: 'Long read', wordCount: 6000 }));
    expect(result.status).toBe('draft');
    expect(result.wordCount / 6000).toBeGreaterThan(0.85);
    expect(result.wordCount / 6000).toBeLessThan(1.15);
  });
});
