import type { IncomingHttpHeaders } from 'node:http';
import { ARTICLE_MESSAGES, type ArticlePublishRequest, type PublishSendAs } from '@abp/contracts';
import { parseArticleId, parseOptionalSiteId, specBadRequest } from '../../lib/article-id.js';

/** The one internal publish request, whichever spelling the call used. */
export interface PublishRequest {
  articleId: number;
  siteId: number | null;
  force: boolean;
  /** 'published' unless the body asks for a draft: Publish makes the post live (issue #17). */
  sendAs: PublishSendAs;
}

const isTrue = (value: unknown) => value === true || value === 'true' || value === '1';

/**
 * The one place the publish call is read (issue #34). Its shape, the one the web client sends: the id
 * in the path, `site_id`, `send_as`, `force_publish`. Still read, as the spec's screens send them:
 * `articleId` in the body (it must agree with the path), `siteId` for `site_id`, and the
 * X-Force-Publish header for `force_publish`.
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
