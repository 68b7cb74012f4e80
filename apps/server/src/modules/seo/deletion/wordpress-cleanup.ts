import { AppError } from '../../../errors.js';
import { isWordPressError, type WordPressClient } from '../../../integrations/wordpress/index.js';
import type { SeoPublishing } from '../shared/ports.js';
import type { DeletionRepository } from './deletion.repository.js';

export interface WordPressRemoval {
  posts: number;
  pages: number;
  media: number;
}

/**
 * Removes the project's posts and pages from WordPress: to the trash by default (restorable there),
 * for good when asked. Each post's featured image is deleted with it (WordPress keeps no trash for
 * media; left behind it would be an orphan in the media library). Each item removed is forgotten
 * at once, so a retry after a partial failure only does what is left; already gone counts as
 * removed. Any failure stops the project deletion before the database.
 */
export async function removeFromWordPress(
  client: WordPressClient,
  repo: DeletionRepository,
  publishing: Pick<SeoPublishing, 'forgetPost'>,
  projectId: number,
  options: { permanently: boolean },
): Promise<WordPressRemoval> {
  const failures: string[] = [];
  const done: WordPressRemoval = { posts: 0, pages: 0, media: 0 };
  const force = options.permanently;
  for (const { articleId, postId } of await repo.wordpressPosts(projectId)) {
    const mediaId = await featuredMediaOf(client, postId);
    if (!(await removeOne(() => client.posts.delete(postId, { force }), `post ${postId}`, failures))) continue;
    if (mediaId !== null && (await removeOne(() => client.media.delete(mediaId), `media ${mediaId}`, failures)))
      done.media++;
    await publishing.forgetPost(articleId);
    done.posts++;
  }
  for (const { pageId, wpId } of await repo.wordpressPages(projectId)) {
    if (await removeOne(() => client.pages.delete(wpId, { force }), `page ${wpId}`, failures)) {
      await repo.forgetPage(pageId);
      done.pages++;
    }
  }
  if (failures.length > 0) {
    throw new AppError(
      'wordpress_error',
      `Removing from WordPress failed for ${failures.length} item(s): ${failures.slice(0, 3).join('; ')}. The project was not deleted; try again.`,
      424,
      { deleted_posts: done.posts, deleted_pages: done.pages, deleted_media: done.media },
    );
  }
  return done;
}

/** The post's featured image, read before the post goes (a post already gone has none to remove). */
async function featuredMediaOf(client: WordPressClient, postId: number): Promise<number | null> {
  try {
    const post = await client.posts.get(postId);
    return post.featured_media ? post.featured_media : null;
  } catch (error) {
    if (isWordPressError(error) && error.kind === 'not_found') return null;
    throw error;
  }
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
