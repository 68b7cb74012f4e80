import type { QualityReport } from '@abp/contracts';
import { QualityGateBlockedError } from '../../domain-errors.js';
import type { PublishRecords } from '../articles/article-store.js';
import { runQualityGate } from '../quality-gate/index.js';
import type { DuplicateContentCheck } from './duplicate-content.js';
import type { PublishArticleRow, PublishingRepository } from './publishing.repository.js';

/**
 * The quality gate as publishing asks it, just before a post goes out: what the site already has
 * (titles, posts of its inventory, near-duplicate bodies here and on the operator's other sites)
 * goes in, the report is stored on the article, and a blocking finding stops the publish unless
 * forced (publishing decides what an objection does; the gate only reports).
 */
export class PublishQualityCheck {
  constructor(
    private readonly repo: Pick<PublishingRepository, 'similarTitlesOnSite' | 'postsOnSiteLike'>,
    private readonly store: Pick<PublishRecords, 'recordQualityReport'>,
    /** Near-duplicate bodies on this and the operator's other sites; without it the gate skips that rule. */
    private readonly duplicates: DuplicateContentCheck | null,
  ) {}

  async check(
    article: PublishArticleRow,
    siteId: number,
    force: boolean,
    writtenOffline: 'note' | 'confirm' | null,
  ): Promise<QualityReport> {
    const [otherTitlesOnSite, existingPostsOnSite, duplicateBodies] = await Promise.all([
      this.repo.similarTitlesOnSite(siteId, article.id, article.title),
      // What the live site already has (as of its last content sync): never a second post on the same subject unless forced.
      this.repo.postsOnSiteLike(siteId, [article.title, article.keywords[0] ?? ''], article.wordpressPostId),
      // The same text already published here or on another of the operator's sites.
      this.duplicates?.find({ id: article.id, siteId, content: article.content }),
    ]);
    const report = runQualityGate(
      { title: article.title, content: article.content },
      {
        otherTitlesOnSite,
        existingPostsOnSite,
        ...(duplicateBodies ? { duplicateBodies } : {}),
        ...(article.targetWordCount ? { targetWordCount: article.targetWordCount } : {}),
        ...(writtenOffline ? { writtenOffline } : {}),
      },
    );
    await this.store.recordQualityReport(article.id, report);
    if (report.blocking && !force) throw new QualityGateBlockedError(report);
    return report;
  }
}
