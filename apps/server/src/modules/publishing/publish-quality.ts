import { type QualityReport, qualityReportSchema, type ResemblingPost } from '@abp/contracts';
import { QualityGateBlockedError } from '../../domain-errors.js';
import type { PublishRecords } from '../articles/article-store.js';
import { runQualityGate } from '../quality-gate/index.js';
import type { DuplicateContentCheck } from './duplicate-content.js';
import type { PublishArticleRow, PublishingRepository } from './publishing.repository.js';
import type { PublishSiteJudgements } from './site-judgements.js';

/** The sameness module's check, as publishing asks it: the article's own row is not compared with itself. */
export type SamenessLookup = (
  siteId: number,
  article: { id: number; wpId: number | null; title: string; content: string },
) => Promise<{ resembles: ResemblingPost[]; compared: number }>;

/** The sentences the AI-tell rewrite changed when the article was written (its stored report says). */
function rewrittenBefore(report: unknown): number {
  const parsed = qualityReportSchema.safeParse(report);
  const finding = parsed.success ? [...parsed.data.warnings, ...parsed.data.issues].find((f) => f.ai_tells) : undefined;
  return finding?.ai_tells?.rewritten ?? 0;
}

/**
 * The quality gate as publishing asks it, just before a post goes out: what the site already has
 * (titles, the post that covers the subject on any of the operator's sites, near-duplicate bodies)
 * goes in, the report is stored on the article, and a blocking finding stops the publish unless
 * forced (publishing decides what an objection does; the gate only reports).
 */
export class PublishQualityCheck {
  constructor(
    private readonly repo: Pick<PublishingRepository, 'similarTitlesOnSite'>,
    private readonly store: Pick<PublishRecords, 'recordQualityReport'>,
    /** Near-duplicate bodies on this and the operator's other sites; without it the gate skips that rule. */
    private readonly duplicates: DuplicateContentCheck | null,
    /** Site knowledge: the post that already covers the subject; without it the gate skips that rule. */
    private readonly judgements: Pick<PublishSiteJudgements, 'coveringPost'> | null = null,
    /** The sameness check (issue #33); without it the gate skips that rule. */
    private readonly sameness: SamenessLookup | null = null,
  ) {}

  /** The post (here or on another of the operator's sites) that covers the article's subject, its own post excepted. */
  private async covering(article: PublishArticleRow, siteId: number) {
    if (!this.judgements) return [];
    const own = [`article:${article.id}`, ...(article.wordpressPostId ? [`post:${article.wordpressPostId}`] : [])];
    const post = await this.judgements.coveringPost(siteId, {
      title: article.title,
      html: article.content,
      keywords: article.keywords,
      excludeKeys: own,
    });
    return post
      ? [{ title: post.title, link: post.link, otherSite: post.siteId === siteId ? null : post.siteName }]
      : [];
  }

  async check(
    article: PublishArticleRow,
    siteId: number,
    force: boolean,
    writtenOffline: 'note' | 'confirm' | null,
  ): Promise<QualityReport> {
    const [otherTitlesOnSite, existingPostsOnSite, duplicateBodies, sameness] = await Promise.all([
      this.repo.similarTitlesOnSite(siteId, article.id, article.title),
      // What the operator's sites already have (site knowledge: their posts and the app's published
      // articles, judged by meaning): never a second post on the same subject unless forced.
      this.covering(article, siteId),
      // The same text already published here or on another of the operator's sites.
      this.duplicates?.find({ id: article.id, siteId, content: article.content }),
      // Made like the site's recent posts: a warning only. A failure there leaves the rule out.
      this.sameness?.(siteId, {
        id: article.id,
        wpId: article.wordpressPostId,
        title: article.title,
        content: article.content,
      }).catch(() => null),
    ]);
    const report = runQualityGate(
      { title: article.title, content: article.content },
      {
        otherTitlesOnSite,
        existingPostsOnSite,
        ...(duplicateBodies ? { duplicateBodies } : {}),
        ...(article.targetWordCount ? { targetWordCount: article.targetWordCount } : {}),
        ...(writtenOffline ? { writtenOffline } : {}),
        ...(sameness ? { sameness } : {}),
        aiTellsRewritten: rewrittenBefore(article.qualityReport),
      },
    );
    await this.store.recordQualityReport(article.id, report);
    if (report.blocking && !force) throw new QualityGateBlockedError(report);
    return report;
  }
}
