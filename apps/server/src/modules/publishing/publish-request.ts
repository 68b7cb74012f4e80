import type { IncomingHttpHeaders } from 'node:http';
import { ARTICLE_MESSAGES, type ArticlePublishRequest, type PublishSendAs } from '@abp/contracts';
import { parseArticleId, parseOptionalSiteId, specBadRequest } from '../../lib/article-id.js';

export interface PublishRequest {
  articleId: number;
  siteId: number | null;
  force: boolean;
  /** 'published' unless the body asks for a draft: Publish makes the post live (issue #17). */
  sendAs: PublishSendAs;
}

const isTrue = (value: unknown) => value === true || value === 'true' || value === '1';

/**
 * Reads the spec's publish call: the id in the path (and `articleId` in the body, which must agree),
 * the site as `siteId` or `site_id`, and force from `force_publish` or the X-Force-Publish header.
 */
export function readPublishRequest(
  pathId: string,
  body: ArticlePublishRequest,
  headers: IncomingHttpHeaders,
): PublishRequest {
  const articleId = parseArticleId(pathId);
  if (body?.articleId !== undefined && body.articleId !== null) {
    if (parseArticleId(body.articleId, 'articleId') !== articleId)
      throw specBadRequest('articleId', ARTICLE_MESSAGES.invalidId);
  }
  const siteField = body?.siteId !== undefined ? 'siteId' : 'site_id';
  const siteId = parseOptionalSiteId(body?.siteId ?? body?.site_id, siteField, ARTICLE_MESSAGES.invalidSite);
  const header = headers['x-force-publish'];
  const force = isTrue(body?.force_publish) || isTrue(Array.isArray(header) ? header[0] : header);
  return { articleId, siteId, force, sendAs: body?.send_as ?? 'published' };
}
