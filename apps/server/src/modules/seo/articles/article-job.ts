import { sql } from 'drizzle-orm';
import { fromDrizzle, type DrizzleTransactionLike, type PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { JobDefinition } from '../../../jobs/queue.js';
import type { Tx } from './seo-articles.repository.js';

/**
 * One durable job per planned article. The queue entry only says "look at this item": the
 * item's row decides whether anything is left to do, so a retried or duplicated entry never
 * writes an article twice.
 */
export const SEO_ARTICLE_JOB = 'seo.article';
export const seoArticleJobSchema = z.object({ seoArticleId: z.number().int().positive() });
export type SeoArticleJob = z.infer<typeof seoArticleJobSchema>;

export function seoArticleJobDefinition(run: (seoArticleId: number) => Promise<void>): JobDefinition<SeoArticleJob> {
  return {
    name: SEO_ARTICLE_JOB,
    schema: seoArticleJobSchema,
    // A long article with a real model takes minutes (expiry); a worker that died stops its
    // heartbeat, and its entry is retried within about a minute instead of after the expiry.
    queue: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 30 * 60, heartbeatSeconds: 30 },
    work: { localConcurrency: 2 },
    handler: ({ seoArticleId }) => run(seoArticleId),
  };
}

/** Queue entries written in the caller's transaction: an item becomes queued and gets its entry atomically. */
export async function enqueueSeoArticles(boss: PgBoss, tx: Tx, seoArticleIds: number[]): Promise<void> {
  if (seoArticleIds.length === 0) return;
  await boss.insert(
    SEO_ARTICLE_JOB,
    seoArticleIds.map((id) => ({ data: { seoArticleId: id } satisfies SeoArticleJob })),
    // Our Database type spans both drivers, so execute() is typed loosely; both answer with { rows }.
    { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) },
  );
}
