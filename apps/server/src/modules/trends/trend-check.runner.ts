import type { LanguageModelProvider } from '../../integrations/llm/index.js';
import { FeedReader, normaliseTrendTitle, type FeedTrend } from '../../integrations/trends/index.js';
import type { TrendRunErrorRecord } from '../../db/schema/index.js';
import type { ArticleProducer } from '../article-pipeline/article-producer.js';
import { countWords } from '../../lib/html/index.js';
import type { GenerateAndStoreInput } from '../generation/generation-input.js';
import { startOfOperatorDay } from '../posting-policy/index.js';
import { newsUrlsOf, sourcesSection, trendNotes, withSourcesSection } from './trend-article-sources.js';
import { judgeRelevance, type RelevanceOutcome } from './trend-relevance.js';
import type { TrendRunsRepository } from './trend-runs.repository.js';
import type { TrendTarget, TrendTargetsRepository } from './trend-targets.repository.js';
import { rankByTextSearch } from './trend-text-match.js';

/* The services a check uses, narrowed to what it calls (tests pass the real ones). */
export interface TrendCheckPorts {
  /** The article pipeline's one producer: writes, stores and publishes each trend's article. */
  producer: Pick<ArticleProducer, 'produce'>;
  providers: { current(): Promise<LanguageModelProvider> };
  settings: { resolve(): Promise<{ feeds: string[] }> };
  /** A post the live site already has on the topic (its content inventory), or null: such a trend is skipped. */
  coveredOnSite?: (siteId: number, topic: string) => Promise<{ title: string; link: string } | null>;
}

export interface TrendCheckOptions extends TrendCheckPorts {
  runs: TrendRunsRepository;
  targets: TrendTargetsRepository;
  /** The operator's time zone: "today" of the daily cap. */
  timeZone: string;
  includeImages?: boolean;
}

export interface TrendRunSummary {
  runId: number;
  status: 'completed' | 'failed';
  trendsFound: number;
  articlesGenerated: number;
  articlesPublished: number;
  errors: TrendRunErrorRecord[];
}

interface RunState {
  runId: number;
  generated: number;
  published: number;
  errors: TrendRunErrorRecord[];
  providerBroken: boolean;
  signal: AbortSignal | undefined;
}

/**
 * One trend check: read every feed, then for each active site with an active configuration pick
 * the relevant trends it has not had yet, as many as its daily cap still allows, and write and
 * publish one article per trend. Every problem is recorded in the run's execution log; only an
 * unexpected failure (the database gone) fails the run.
 */
export class TrendCheckRunner {
  /** Replaceable so tests can use short timeouts. */
  feedReader = new FeedReader();

  constructor(private readonly options: TrendCheckOptions) {}

  async run(trigger: 'manual' | 'schedule', jobId: string | null, signal?: AbortSignal): Promise<TrendRunSummary> {
    const { runs } = this.options;
    await runs.closeInterrupted('The check was interrupted (its worker stopped) before it finished.');
    const started = performance.now();
    const run = await runs.start(trigger, jobId);
    const state: RunState = { runId: run.id, generated: 0, published: 0, errors: [], providerBroken: false, signal };
    let trendsFound = 0;
    const finish = async (status: 'completed' | 'failed'): Promise<TrendRunSummary> => {
      const summary = { trendsFound, articlesGenerated: state.generated, articlesPublished: state.published, errors: state.errors };
      await runs.finish(run.id, { status, ...summary, executionTimeMs: Math.round(performance.now() - started) });
      return { runId: run.id, status, ...summary };
    };
    try {
      const { feeds } = await this.options.settings.resolve();
      const { trends, failures } = await this.feedReader.readAll(feeds, signal);
      trendsFound = trends.length;
      for (const failure of failures) state.errors.push({ scope: 'feed', target: failure.feedUrl, kind: failure.kind, message: failure.message });
      if (trends.length > 0) {
        const provider = await this.provider(state);
        for (const target of await this.options.targets.targets()) {
          signal?.throwIfAborted();
          await this.processSite(target, trends, provider, state);
        }
      }
      return await finish('completed');
    } catch (error) {
      const interrupted = signal?.aborted === true;
      state.errors.push({
        scope: 'run',
        target: 'trend check',
        kind: interrupted ? 'interrupted' : 'internal',
        message: interrupted ? 'The check was stopped before it finished.' : `The check failed: ${messageOf(error)}`,
      });
      await finish('failed').catch(() => undefined);
      throw error;
    }
  }

  private async provider(state: RunState): Promise<LanguageModelProvider | null> {
    try {
      return await this.options.providers.current();
    } catch (error) {
      state.errors.push({ scope: 'run', target: 'language model', kind: 'provider', message: `The language model is not usable (${messageOf(error)}); relevance was judged by text search.` });
      return null;
    }
  }

  private async processSite(target: TrendTarget, trends: readonly FeedTrend[], provider: LanguageModelProvider | null, state: RunState): Promise<void> {
    const { targets } = this.options;
    const keyed = trends.map((trend) => ({ trend, key: normaliseTrendTitle(trend.title) }));
    const done = await targets.processedKeys(target.siteId, keyed.map((entry) => entry.key));
    const fresh = keyed.filter((entry) => !done.has(entry.key)).map((entry) => entry.trend);
    if (fresh.length === 0 || state.providerBroken) return;
    const dayStart = startOfOperatorDay(new Date(), this.options.timeZone);
    let remaining = target.maxPostsPerDay - (await targets.postsToday(target, dayStart));
    if (remaining <= 0) return;

    const relevance = await this.relevant(provider, target, fresh, state.signal);
    if (relevance.fallbackReason) {
      state.errors.push({ scope: 'site', target: target.siteName, kind: 'relevance', message: `The model could not judge relevance (${relevance.fallbackReason}); text search decided.` });
    }
    for (const trend of relevance.trends) {
      if (remaining <= 0 || state.providerBroken) break;
      state.signal?.throwIfAborted();
      const covered = await this.options.coveredOnSite?.(target.siteId, trend.title).catch(() => null);
      if (covered) {
        state.errors.push({ scope: 'site', target: target.siteName, kind: 'already_covered', message: `"${trend.title}": skipped, the site already has "${covered.title}" (${covered.link})` });
        continue;
      }
      const outcome = await this.writeTrendArticle(target, trend, state);
      if (outcome === 'written') remaining--;
      if (outcome === 'stop-site') break;
    }
  }

  private relevant(provider: LanguageModelProvider | null, target: TrendTarget, trends: FeedTrend[], signal?: AbortSignal): Promise<RelevanceOutcome> {
    if (!provider) return Promise.resolve({ trends: rankByTextSearch(target.topics, trends), method: 'text-search' });
    return judgeRelevance(provider, target.topics, trends, signal);
  }

  /** Claim, generate, record, publish. */
  private async writeTrendArticle(target: TrendTarget, trend: FeedTrend, state: RunState): Promise<'written' | 'skipped' | 'failed' | 'stop-site'> {
    const { targets } = this.options;
    const problem = (kind: string, message: string) => state.errors.push({ scope: 'site', target: target.siteName, kind, message: `"${trend.title}": ${message}` });
    const claimId = await targets.claim({
      normalizedTitle: normaliseTrendTitle(trend.title),
      title: trend.title,
      siteId: target.siteId,
      siteName: target.siteName,
      url: trend.url,
      executionLogId: state.runId,
    });
    if (claimId === null) return 'skipped';

    const outcome = await this.options.producer.produce(
      this.generationInput(target, trend, state.signal),
      // Nobody is watching a trend post: a quality-gate objection stops it (the report stays on the article).
      { publish: true, status: target.postStatus, onQualityGate: 'refuse', siteId: target.siteId },
      {
        afterStore: async (articleId) => {
          await targets.complete(claimId, articleId);
          state.generated++;
          await this.addSources(articleId, trend);
          return 'continue';
        },
      },
    );
    switch (outcome.stage) {
      case 'generation': {
        await targets.release(claimId);
        const failed = outcome.generated;
        if (!failed) {
          // The site was switched off or removed meanwhile, or the input was refused: nothing more for it.
          if (outcome.decision.kind !== 'permanent') throw outcome.error;
          problem('site', outcome.decision.message);
          return 'stop-site';
        }
        problem('generation', `generation failed: ${failed.error ?? 'unknown error'}`);
        if (outcome.decision.stops === 'provider') state.providerBroken = true;
        return outcome.decision.stops === 'site' ? 'stop-site' : 'failed';
      }
      case 'publish':
        // The article stays a draft with the reason (publishing's rule); the run log says it too.
        state.signal?.throwIfAborted();
        problem('publishing', `publishing to WordPress failed: ${messageOf(outcome.error)}`);
        return 'written';
      case 'published':
        state.published++;
        return 'written';
      case 'stored':
        return 'written';
    }
  }

  private generationInput(target: TrendTarget, trend: FeedTrend, signal?: AbortSignal): GenerateAndStoreInput {
    return {
      siteId: target.siteId,
      topic: trend.title,
      taskType: target.taskType,
      persona: target.persona,
      wordCount: target.wordCount,
      includeImages: this.options.includeImages ?? true,
      origin: 'trend',
      sources: {
        newsUrls: newsUrlsOf(trend),
        trendSources: [{ topic: trend.title, description: trend.description, publishedDate: trend.publishedDate, trendUrl: trend.url }],
        notes: trendNotes(trend),
      },
      ...(signal ? { signal } : {}),
    };
  }

  /** Readers and the WordPress post credit the news the article was written from. */
  private async addSources(articleId: number, trend: FeedTrend): Promise<void> {
    const content = await this.options.targets.articleContent(articleId);
    if (content === null) return;
    const updated = withSourcesSection(content, sourcesSection(trend));
    if (updated !== content) await this.options.targets.setArticleContent(articleId, updated, countWords(updated));
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
