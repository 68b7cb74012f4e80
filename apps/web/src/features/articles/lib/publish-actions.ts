import type { ArticleSummary } from '@abp/contracts';

type Publishable = Pick<ArticleSummary, 'status' | 'wordpress_state'>;

/**
 * Publish (live; a scheduled article is scheduled) is offered until WordPress has it that way —
 * also for an article marked published whose post never went live (issue #17).
 */
export function canPublish(article: Publishable): boolean {
  if (article.status === 'failed') return false;
  if (article.status === 'scheduled') return article.wordpress_state !== 'scheduled';
  return article.wordpress_state !== 'live';
}

/** "Send to WordPress as draft": for drafts and review articles, while their post is not live. */
export function canSendAsDraft(article: Publishable): boolean {
  return (
    (article.status === 'draft' || article.status === 'review') &&
    article.wordpress_state !== 'live' &&
    article.wordpress_state !== 'scheduled'
  );
}
