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
  /** The view dialog sends articleId + siteId; edit and bulk send site_id (spec §7). */
  shape: 'single' | 'site_id';
  force?: boolean;
  /** 'draft' sends it without making it live; otherwise Publish makes the post live (issue #17). */
  sendAs?: PublishSendAs;
}

/** Plain function: the publish hook drives progress, one-at-a-time and the quality-gate retry itself. */
export function publishArticle({
  id,
  siteId,
  shape,
  force = false,
  sendAs,
}: PublishArticleInput): Promise<ArticlePublishResult> {
  const body = {
    ...(shape === 'single' ? { articleId: id, siteId } : { site_id: siteId }),
    ...(sendAs === 'draft' ? { send_as: sendAs } : {}),
  };
  return api.post(`/api/articles/${id}/publish`, force ? { ...body, force_publish: true } : body, {
    schema: articlePublishResultSchema,
    ...(force ? { headers: { [FORCE_PUBLISH_HEADER]: 'true' } } : {}),
  });
}
