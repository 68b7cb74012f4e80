import {
  type ArticlePublishResult,
  articlePublishResultSchema,
  FORCE_PUBLISH_HEADER,
  type PublishSendAs,
} from '@abp/contracts';
import { api } from '../../../lib/api-client';

export interface PublishArticleInput {
  id: number;
  siteId: number;
  force?: boolean;
  /** 'draft' sends it without making it live; otherwise Publish makes the post live (issue #17). */
  sendAs?: PublishSendAs;
}

/**
 * Plain function: the publish hook drives progress, one-at-a-time and the quality-gate retry itself.
 * Every screen sends the one request shape (issue #34): `site_id`, `send_as` for a draft, and when
 * forced `force_publish` with the X-Force-Publish header, as the spec's screens send them.
 */
export function publishArticle({
  id,
  siteId,
  force = false,
  sendAs,
}: PublishArticleInput): Promise<ArticlePublishResult> {
  const body = { site_id: siteId, ...(sendAs === 'draft' ? { send_as: sendAs } : {}) };
  return api.post(`/api/articles/${id}/publish`, force ? { ...body, force_publish: true } : body, {
    schema: articlePublishResultSchema,
    ...(force ? { headers: { [FORCE_PUBLISH_HEADER]: 'true' } } : {}),
  });
}
