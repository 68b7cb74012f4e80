import { AppError } from '../../../errors.js';
import { isWordPressError, type WordPressClient } from '../../../integrations/wordpress/index.js';
import type { SeoPublishing } from '../shared/ports.js';
import type { DeletionRepository } from './deletion.repository.js';

/**
 * Deletes the project's posts and pages in WordPress for good (force=true, not the trash). Each
 * one deleted is forgotten at once, so a retry after a partial failure only does what is left;
 * already gone counts as deleted. Any failure stops the project deletion before the database.
 */
export async function deleteFromWordPress(
  client: WordPressClient,
  repo: DeletionRepository,
  publishing: Pick<SeoPublishing, 'forgetPost'>,
  projectId: number,
): Promise<{ posts: number; pages: number }> {
  const failures: string[] = [];
  let posts = 0;
  let pages = 0;
  for (const { articleId, postId } of await repo.wordpressPosts(projectId)) {
    if (await removeOne(() => client.posts.delete(postId, { force: true }), `post ${postId}`, failures)) {
      await publishing.forgetPost(articleId);
      posts++;
    }
  }
  for (const { pageId, wpId } of await repo.wordpressPages(projectId)) {
    if (await removeOne(() => client.pages.delete(wpId, { force: true }), `page ${wpId}`, failures)) {
      await repo.forgetPage(pageId);
      pages++;
    }
  }
  if (failures.length > 0) {
    throw new AppError(
      'wordpress_error',
      `Deleting from WordPress failed for ${failures.length} item(s): ${failures.slice(0, 3).join('; ')}. The project was not deleted; try again.`,
      424,
      { deleted_posts: posts, deleted_pages: pages },
    );
  }
  return { posts, pages };
}

async function removeOne(run: () => Promise<void>, label: string, failures: string[]): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (isWordPressError(error) && error.kind === 'not_found') return true;
    failures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}
