import type { ArticleStatus, PublishSendAs } from '@abp/contracts';

/** A status an article can be published with (a failed article is never pushed). */
export type PublishableStatus = Exclude<ArticleStatus, 'failed'>;

export interface PublishOptions {
  /**
   * The status the article should have once WordPress has the post (it decides the post's status).
   * Set only when the push succeeds: a failed publish leaves the article's status as it was.
   * Without it, the article's current status is used (the Articles screen's Publish).
   */
  status?: PublishableStatus;
  /** Publish even when the quality gate blocks (the producer's declared policy; the report stays on the article). */
  force?: boolean;
  /** The site the caller believes the article belongs to; must match the article's. */
  siteId?: number | null;
  /**
   * The operator publishes it by hand (the Articles screen): an article written by the offline
   * writer then needs `force` to go live, like a blocking quality finding ("Publish anyway?").
   * Producers publish by their declared policy; their reports carry the finding as a warning.
   */
  byHand?: boolean;
  /**
   * Without `status`: 'published' (the Articles screen's Publish) makes the post live, or schedules
   * it for a scheduled article; 'draft' sends it without making it live (a review article as
   * pending). Absent: the article's current status decides (issue #17: Publish publishes).
   */
  sendAs?: PublishSendAs;
}

export function statusToSend(current: ArticleStatus, sendAs: PublishSendAs | undefined): ArticleStatus {
  if (current === 'failed' || sendAs === undefined) return current;
  if (sendAs === 'draft') return current === 'review' ? 'review' : 'draft';
  return current === 'scheduled' ? 'scheduled' : 'published';
}
