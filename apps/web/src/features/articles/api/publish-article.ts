import { FORCE_PUBLISH_HEADER, articlePublishResultSchema, type ArticlePublishResult } from '@abp/contracts';
import { api } from '../../../lib/api-client';

export interface PublishArticleInput {
  id: number;
  siteId: number;
  /** The view dialog sends articleId + siteId; edit and bulk send site_id (spec §7). */
  shape: 'single' | 'site_id';
  force?: boolean;
}

/** Plain function: the publish hook drives progress, one-at-a-time and the quality-gate retry itself. */
export function publishArticle({ id, siteId, shape, force = false }: PublishArticleInput): Promise<ArticlePublishResult> {
  const body = shape === 'single' ? { articleId: id, siteId } : { site_id: siteId };
  return api.post(`/api/articles/${id}/publish`, force ? { ...body, force_publish: true } : body, {
    schema: articlePublishResultSchema,
    ...(force ? { headers: { [FORCE_PUBLISH_HEADER]: 'true' } } : {}),
  });
}
