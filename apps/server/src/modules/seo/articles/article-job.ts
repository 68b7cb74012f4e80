import type { JobDefinition } from '../../../jobs/queue.js';

/**
 * One durable job per planned article. The queue entry only says "look at this item": the
 * item's row decides whether anything is left to do, so a retried or duplicated entry never
 * writes an article twice.
 */
export function seoArticleJobDefinition(run: (seoArticleId: number) => Promise<void>): JobDefinition<'seoArticle'> {
  return {
    job: 'seoArticle',
    // A long article with a real model takes minutes (expiry); a worker that died stops its
    // heartbeat, and its entry is retried within about a minute instead of after the expiry.
    queue: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 30 * 60, heartbeatSeconds: 30 },
    work: { localConcurrency: 2 },
    handler: ({ seoArticleId }) => run(seoArticleId),
  };
}
