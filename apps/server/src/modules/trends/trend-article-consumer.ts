import { TREND_RUN_PAGE } from '@abp/contracts';
import type { Tx } from '../../db/client.js';
import type { TrendRunErrorRecord } from '../../db/schema/index.js';
import { countWords } from '../../lib/html/index.js';
import type { ProductionConsumer } from '../article-pipeline/production-runner.js';
import type { ProductionResult } from '../article-pipeline/production-unit.js';
import type { ProductionRow } from '../article-pipeline/productions.repository.js';
import { withSourcesSection } from './trend-article-sources.js';
import type { TrendUnitContext } from './trend-check.runner.js';
import type { TrendRunsRepository } from './trend-runs.repository.js';
import type { TrendTargetsRepository } from './trend-targets.repository.js';

const contextOf = (unit: ProductionRow): TrendUnitContext => unit.context as unknown as TrendUnitContext;

/**
 * What a trend's article does around its unit: the trend's claim is completed with the article
 * (or released when none came of it, so a later check may pick the trend again), the article
 * credits its news sources, and the run's figures and execution log record how it ended; the last
 * article of a run completes it. A failure that stops the provider or the site stops the rest of
 * the run's articles for it (they are released, not written).
 */
export class TrendArticleConsumer implements ProductionConsumer {
  constructor(
    private readonly runs: TrendRunsRepository,
    private readonly targets: TrendTargetsRepository,
  ) {}

  async begin(unit: ProductionRow): Promise<{ skip: string } | null> {
    const { runId, siteId } = contextOf(unit);
    const halted = await this.runs.halted(runId);
    if (halted.cancelled) return { skip: TREND_RUN_PAGE.cancelledSkip };
    if (halted.provider) return { skip: 'The language model failed for an earlier trend of this check' };
    if (halted.sites?.includes(siteId)) return { skip: 'An earlier trend of this check stopped this site' };
    return null;
  }

  /** Running units of a run cancelled from its page stop (the pipeline asks about once a second). */
  async cancelled(units: readonly ProductionRow[]): Promise<string[]> {
    const cancelled = await this.runs.cancelledAmong([...new Set(units.map((unit) => contextOf(unit).runId))]);
    return units.filter((unit) => cancelled.has(contextOf(unit).runId)).map((unit) => unit.originKey);
  }

  /** Readers and the WordPress post credit the news the article was written from (before it is published). */
  async stored(unit: ProductionRow, articleId: number): Promise<null> {
    const { claimId, sourcesHtml } = contextOf(unit);
    await this.targets.complete(claimId, articleId);
    const content = await this.targets.articleContent(articleId);
    if (content !== null) {
      const updated = withSourcesSection(content, sourcesHtml);
      if (updated !== content) await this.targets.setArticleContent(articleId, updated, countWords(updated));
    }
    return null;
  }

  async finished(tx: Tx, unit: ProductionRow, end: ProductionResult): Promise<void> {
    const { runId, claimId, siteId, siteName, trendTitle } = contextOf(unit);
    const problem = (kind: string, message: string): TrendRunErrorRecord => ({
      scope: 'site',
      target: siteName,
      kind,
      message: `"${trendTitle}": ${message}`,
    });
    switch (end.result) {
      case 'succeeded':
        // "Articles Published" counts posts that went live, not drafts sent to WordPress (issue #17 item 18).
        await this.runs.articleEnded(tx, runId, {
          generated: true,
          published: end.published?.live === true,
          error: null,
          halt: null,
        });
        return;
      case 'failed':
        if (end.stage === 'publish') {
          // The article stays as it was, with the reason (the pipeline's rule); the trend counts as processed.
          await this.runs.articleEnded(tx, runId, {
            generated: true,
            published: false,
            error: problem('publishing', `publishing to WordPress failed: ${end.error}`),
            halt: null,
          });
          return;
        }
        await this.targets.release(claimId, tx);
        if (end.stage === 'refused') {
          // The site was switched off or removed meanwhile, or the input was refused: nothing more for it.
          await this.runs.articleEnded(tx, runId, {
            generated: false,
            published: false,
            error: problem('site', end.error),
            halt: { siteId },
          });
          return;
        }
        await this.runs.articleEnded(tx, runId, {
          generated: false,
          published: false,
          error: problem('generation', `generation failed: ${end.error}`),
          halt: end.stops === 'provider' ? { provider: true } : end.stops === 'site' ? { siteId } : null,
        });
        return;
      case 'skipped':
      case 'cancelled':
        await this.targets.release(claimId, tx);
        await this.runs.articleEnded(tx, runId, { generated: false, published: false, error: null, halt: null });
        return;
    }
  }
}
