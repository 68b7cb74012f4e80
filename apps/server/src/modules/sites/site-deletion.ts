import { isWordPressError, type WordPressClient } from '../../integrations/wordpress/index.js';
import type { JobDefinition } from '../../jobs/queue.js';
import type { SitesRepository } from './sites.repository.js';

const ARTICLE_BATCH = 500;
const POST_BATCH = 100;

/** What a "Delete All" did: stored as its job's output, read back by GET /api/sites/deletions/{jobId}. */
export interface CascadeDeleteOutcome {
  siteId: number;
  articlesDeleted: number;
  siteDeleted: boolean;
  postsTrashed: number;
  trashFailures: string[];
}

/**
 * Moves the site's posts that this app created to the WordPress trash (restorable there). A post
 * already gone counts as trashed; one WordPress refuses is reported and left on the site: the
 * operator chose to delete the articles, which goes on.
 */
async function trashPosts(
  client: WordPressClient,
  repo: SitesRepository,
  siteId: number,
): Promise<{ trashed: number; failures: string[] }> {
  let trashed = 0;
  const failures: string[] = [];
  for (let after = 0; ; ) {
    const batch = await repo.postsAfter(siteId, after, POST_BATCH);
    if (batch.length === 0) break;
    for (const { articleId, postId } of batch) {
      after = articleId;
      try {
        await client.posts.delete(postId, { force: false });
        trashed++;
      } catch (error) {
        // Gone, or already in the trash (a retried job): either way it is no longer on the site.
        if (isWordPressError(error) && (error.kind === 'not_found' || error.wpCode === 'rest_already_trashed'))
          trashed++;
        else failures.push(`post ${postId}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return { trashed, failures };
}

/**
 * Deletes a site with all its articles (and, by foreign key, their images, generation logs and
 * trend sources), first moving their WordPress posts to the trash when asked. Idempotent: a retry
 * after a crash continues with what is left, and a site that is already gone is a finished job.
 */
export function cascadeDeleteJob(
  repo: SitesRepository,
  clientFor: (siteId: number) => Promise<WordPressClient | null>,
): JobDefinition<'siteCascadeDelete'> {
  return {
    job: 'siteCascadeDelete',
    queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
    keepOutput: true,
    handler: async ({ siteId, trashPosts: wanted }): Promise<CascadeDeleteOutcome> => {
      let posts = { trashed: 0, failures: [] as string[] };
      if (wanted) {
        const client = await clientFor(siteId).catch((error: unknown) => {
          posts.failures.push(
            `WordPress could not be reached: ${error instanceof Error ? error.message : String(error)}`,
          );
          return null;
        });
        if (client) posts = await trashPosts(client, repo, siteId);
      }
      let removed = 0;
      // Until nothing is left: articles created meanwhile (a generation already running when the
      // site was switched off) go too.
      for (;;) {
        const n = await repo.deleteArticlesBatch(siteId, ARTICLE_BATCH);
        if (n === 0) break;
        removed += n;
      }
      const siteDeleted = await repo.delete(siteId);
      return {
        siteId,
        articlesDeleted: removed,
        siteDeleted,
        postsTrashed: posts.trashed,
        trashFailures: posts.failures,
      };
    },
  };
}
