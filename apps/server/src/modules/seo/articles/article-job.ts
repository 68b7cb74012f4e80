import type { JobDefinition } from '../../../jobs/queue.js';

/**
 * Entries of the planned-article job an older version queued. Migration 0022 made every planned
 * article still queued or being written a unit of the article pipeline (`article.produce`, queued
 * when a worker starts); these entries have nothing left to do and are drained.
 */
export function legacySeoArticleJob(): JobDefinition<'seoArticle'> {
  return { job: 'seoArticle', queue: { retryLimit: 0 }, handler: async () => undefined };
}
