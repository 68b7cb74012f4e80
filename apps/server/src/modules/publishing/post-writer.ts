import type { ArticlePublishResult } from '@abp/contracts';
import {
  type ContentInput,
  isWordPressError,
  type WordPressClient,
  type WpPost,
} from '../../integrations/wordpress/index.js';
import type { PublishRecords } from '../articles/article-store.js';
import { labelWordPressError, wordpressStep } from './publish-errors.js';
import type { PublishArticleRow } from './publishing.repository.js';

export type PostOutcome = { post: WpPost; action: ArticlePublishResult['action'] };

/**
 * Creates the article's post, updates the one it has, or recovers one whose create answer was lost.
 * Before a create is sent the article is flagged "create pending"; if the answer is lost (timeout,
 * reset, crash), the next attempt finds the post by the article's marker instead of creating another.
 */
export class PostWriter {
  constructor(private readonly store: Pick<PublishRecords, 'setPublishCreatePending'>) {}

  async createOrUpdate(
    client: WordPressClient,
    article: PublishArticleRow,
    marker: string,
    input: (existingPost: boolean) => ContentInput,
  ): Promise<PostOutcome> {
    if (article.wordpressPostId !== null) {
      try {
        return { post: await client.posts.update(article.wordpressPostId, input(true)), action: 'updated' };
      } catch (error) {
        // Deleted on WordPress since: publishing again makes a new post (below). One in the
        // WordPress trash is updated like any other, which takes it out of the trash (same post,
        // same address: WordPress gives back its slug).
        if (!(isWordPressError(error) && error.kind === 'not_found')) throw labelWordPressError(error, 'post update');
      }
    }
    if (article.publishCreatePending) {
      const found = await wordpressStep('post lookup', () => client.posts.findByMarker(marker));
      if (found)
        return {
          post: await wordpressStep('post update', () => client.posts.update(found.id, input(true))),
          action: 'recovered',
        };
    }
    await this.store.setPublishCreatePending(article.id, true);
    try {
      return { post: await client.posts.create(input(false)), action: 'created' };
    } catch (error) {
      // Only a refusal proves nothing was created; after a timeout or a 5xx the flag stays for the next attempt.
      const refused = isWordPressError(error) && !error.outcomeUnknown && error.status !== null && error.status < 500;
      if (refused) await this.store.setPublishCreatePending(article.id, false);
      throw labelWordPressError(error, 'post create');
    }
  }
}

/** Says what WordPress now has: a draft pushed as a draft must not read as "published". */
export function createdMessage(wordpressStatus: string): string {
  switch (wordpressStatus) {
    case 'publish':
      return 'Article published to WordPress';
    case 'future':
      return 'Article scheduled on WordPress';
    case 'pending':
      return 'Article sent to WordPress for review';
    case 'draft':
      return 'Article saved to WordPress as a draft';
    default:
      return `Article sent to WordPress (status ${wordpressStatus})`;
  }
}
