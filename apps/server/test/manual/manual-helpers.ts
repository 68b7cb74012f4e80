import { eq } from 'drizzle-orm';
import { articleImages, articles, articleTrendSources, generationLogs } from '../../src/db/schema/index.js';
import type { TestApp } from '../test-app.js';

export function generate(t: TestApp, cookie: string, payload: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/manual/generate', payload, cookie });
}

/** The Manual screen's payload with the spec's defaults; `options` entries override one by one. */
export function manualPayload(
  siteId: number,
  topic: string,
  options: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) {
  return {
    topic,
    site_id: siteId,
    task_type: 'Blog Post',
    options: { includeImages: true, publishStatus: 'draft', maxArticles: 5, wordCount: 800, persona: '', ...options },
    ...extra,
  };
}

/** Everything one generation stored, read back from the tables. */
export async function storedGeneration(t: TestApp, articleId: number) {
  const { db } = t.ctx.handle;
  const [article] = await db.select().from(articles).where(eq(articles.id, articleId));
  const [log] = await db.select().from(generationLogs).where(eq(generationLogs.articleId, articleId));
  const [image] = await db.select().from(articleImages).where(eq(articleImages.articleId, articleId));
  const trendSources = await db.select().from(articleTrendSources).where(eq(articleTrendSources.articleId, articleId));
  return { article: article!, log: log?.log, image, trendSources };
}

export async function articleCount(t: TestApp): Promise<number> {
  return (await t.ctx.handle.db.select({ id: articles.id }).from(articles)).length;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
