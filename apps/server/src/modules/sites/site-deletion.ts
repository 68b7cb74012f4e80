import { z } from 'zod';
import type { JobDefinition } from '../../jobs/queue.js';
import type { SitesRepository } from './sites.repository.js';

export const SITE_CASCADE_DELETE_JOB = 'sites.cascade-delete';
const cascadeDeleteJobSchema = z.object({ siteId: z.number().int().positive() });
export type CascadeDeleteJob = z.infer<typeof cascadeDeleteJobSchema>;

const ARTICLE_BATCH = 500;

/**
 * Deletes a site with all its articles (and, by foreign key, their images, generation logs and
 * trend sources). Idempotent: a retry after a crash continues with what is left, and a site that
 * is already gone is a finished job.
 */
export function cascadeDeleteJob(repo: SitesRepository): JobDefinition<CascadeDeleteJob> {
  return {
    name: SITE_CASCADE_DELETE_JOB,
    schema: cascadeDeleteJobSchema,
    queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
    handler: async ({ siteId }) => {
      let removed = 0;
      // Until nothing is left: articles created meanwhile (a generation already running when the
      // site was switched off) go too.
      for (;;) {
        const n = await repo.deleteArticlesBatch(siteId, ARTICLE_BATCH);
        if (n === 0) break;
        removed += n;
      }
      const siteDeleted = await repo.delete(siteId);
      return { siteId, articlesDeleted: removed, siteDeleted };
    },
  };
}
