import type { JobDefinition } from '../../jobs/queue.js';
import type { SitesRepository } from './sites.repository.js';


const ARTICLE_BATCH = 500;

/**
 * Deletes a site with all its articles (and, by foreign key, their images, generation logs and
 * trend sources). Idempotent: a retry after a crash continues with what is left, and a site that
 * is already gone is a finished job.
 */
export function cascadeDeleteJob(repo: SitesRepository): JobDefinition<'siteCascadeDelete'> {
  return {
    job: 'siteCascadeDelete',
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
