import { SITE_CREDENTIALS_TEXT, TREND_RUN_PAGE } from '@abp/contracts';
import type { TrendRunErrorRecord } from '../../db/schema/index.js';
import type { LanguageModelProvider } from '../../integrations/llm/index.js';
import { FeedReader, type FeedTrend, normaliseTrendTitle } from '../../integrations/trends/index.js';
import type { ArticlePipeline } from '../article-pipeline/article-pipeline.module.js';
import type { StoredBrief } from '../article-pipeline/production-unit.js';
import { startOfOperatorDay } from '../posting-policy/index.js';
import { withUsageScope } from '../usage/usage-scope.js';
import { newsUrlsOf, sourcesSection, trendNotes } from './trend-article-sources.js';
import {
  judgeRelevance,
  type OfflineRanker,
  type RelevanceOutcome,
  type TopicFitJudge,
  topicFitRanker,
} from './trend-relevance.js';
import { type TrendRunsRepository, trendOriginKey } from './trend-runs.repository.js';
import type { TrendTarget, TrendTargetsRepository } from './trend-targets.repository.js';
import { rankByTextSearch } from './trend-text-match.js';

/* The services a check uses, narrowed to what it calls (tests pass the real ones). */
export interface TrendCheckPorts {
  /** The article pipeline: each chosen trend's article is one of its units, queued with the trend's claim. */
  pipeline: Pick<ArticlePipeline, 'enqueue' | 'queue'>;
  /** The default chain, or a configuration's own providers (ids, in order): its chain judges its trends and writes its articles. */
  providers: { current(selection?: readonly string[] | null): Promise<LanguageModelProvider> };
  settings: { resolve(): Promise<{ feeds: string[] }> };
  /** A post the live site already has on the topic (its content inventory), or null: such a trend is skipped. */
  coveredOnSite?: (
    siteId: number,
    topic: string,
  ) => Promise<{ title: string; link: string; siteName?: string | null } | null>;
  /** Site knowledge's topic fit: the judgement without a model (else the stemmed text search). */
  topicFit?: TopicFitJudge;
  /** A reached monthly budget's reason (issue #16): the site's trends wait, unclaimed, for a later check. */
  budgetBlock?: (siteId: number) => Promise<string | null>;
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
  /**
   * 'planned': the trends' articles are queued (the run completes when the last one ends);
   * 'cancelled': the operator cancelled it while it was still reading feeds or choosing trends.
   */
  status: 'planned' | 'cancelled' | 'failed';
  trendsFound: number;
  articlesQueued: number;
  errors: TrendRunErrorRecord[];
}

interface RunState {
  runId: number;
  queued: number;
  errors: TrendRunErrorRecord[];
  signal: AbortSignal | undefined;
  /** The chains asked this run, by their configurations' provider lists (null: not usable). */
  providers: Map<string, Promise<LanguageModelProvider | null>>;
}

/** What a trend's unit carries for its consumer (TrendArticleConsumer). */
export interface TrendUnitContext {
  runId: number;
  claimId: number;
  siteId: number;
  siteName: string;
  trendTitle: string;
  /** The "Sources" section appended to the article once it is written. */
  sourcesHtml: string;
}

/**
 * One trend check: read every feed, then for each active site with an active configuration pick
 * the relevant trends it has not had yet, as many as its daily cap still allows, and queue one
 * article per trend as a unit of the article pipeline (claim and unit in one transaction). The run
 * stays 'running' until the last of its articles has ended (TrendArticleConsumer records each).
 * Every problem is recorded in the run's execution log; only an unexpected failure (the database
 * gone) fails the run.
 */
export class TrendCheckRunner {
  /** Replaceable so tests can use short timeouts. */
  feedReader = new FeedReader();
  /**
   * How often a check looks whether its run was cancelled (Cancel on the run's page writes it to
   * the database, possibly from another process): a cancelled check stops reading feeds at once.
   */
  cancelPollMs = 500;

  constructor(private readonly options: TrendCheckOptions) {}

  async run(trigger: 'manual' | 'schedule', jobId: string | null, signal?: AbortSignal): Promise<TrendRunSummary> {
    const { runs } = this.options;
    await runs.closeInterrupted('The check was interrupted (its worker stopped) before it finished.');
    const run = await runs.start(trigger, jobId);
    // The run's own signal: the worker stopping (the job's signal) or the operator's Cancel.
    const cancelled = this.watchCancel(run.id);
    const runSignal = signal ? AbortSignal.any([signal, cancelled.signal]) : cancelled.signal;
    const state: RunState = { runId: run.id, queued: 0, errors: [], signal: runSignal, providers: new Map() };
    let trendsFound = 0;
    try {
      const { feeds } = await this.options.settings.resolve();
      const { trends, failures } = await this.feedReader.readAll(feeds, runSignal);
      trendsFound = trends.length;
      for (const failure of failures)
        state.errors.push({ scope: 'feed', target: failure.feedUrl, kind: failure.kind, message: failure.message });
      if (trends.length > 0) {
        for (const target of await this.options.targets.targets()) {
          runSignal.throwIfAborted();
          // Issue #37 point 3: no trend is claimed for a site WordPress refuses; the run log says so.
          if (target.credentialsRejected) {
            state.errors.push({
              scope: 'site',
              target: target.siteName,
              kind: 'credentials_rejected',
              message: SITE_CREDENTIALS_TEXT.skipped,
            });
            continue;
          }
          await this.processSite(target, trends, state);
        }
      }
      await runs.planned(run.id, { trendsFound, errors: state.errors });
      return { runId: run.id, status: 'planned', trendsFound, articlesQueued: state.queued, errors: state.errors };
    } catch (error) {
      if (cancelled.signal.aborted && signal?.aborted !== true) {
        // Cancelled by the operator: not a failure (and not retried). The run's log already has the
        // Cancel entry; it completes now, or when the articles it had queued have been skipped.
        await runs.planned(run.id, { trendsFound, errors: state.errors });
        return { runId: run.id, status: 'cancelled', trendsFound, articlesQueued: state.queued, errors: state.errors };
      }
      const interrupted = signal?.aborted === true;
      state.errors.push({
        scope: 'run',
        target: 'trend check',
        kind: interrupted ? 'interrupted' : 'internal',
        message: interrupted ? 'The check was stopped before it finished.' : `The check failed: ${messageOf(error)}`,
      });
      await runs.failCheck(run.id, { trendsFound, errors: state.errors }).catch(() => undefined);
      throw error;
    } finally {
      cancelled.stop();
    }
  }

  /** Aborts its signal once the run is marked cancelled (looked up every cancelPollMs until stopped). */
  private watchCancel(runId: number): { signal: AbortSignal; stop(): void } {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const look = async () => {
      const halted = await this.options.runs.halted(runId).catch(() => ({ cancelled: false }));
      if (stopped) return;
      if (halted.cancelled) controller.abort(new Error(TREND_RUN_PAGE.cancelledSkip));
      else timer = setTimeout(() => void look(), this.cancelPollMs);
    };
    timer = setTimeout(() => void look(), this.cancelPollMs);
    return {
      signal: controller.signal,
      stop() {
        stopped = true;
        clearTimeout(timer);
      },
    };
  }

  /** The chain of the configuration's providers (issue #31), built once a run per list; a failure is logged once. */
  private provider(selection: string[] | null, state: RunState): Promise<LanguageModelProvider | null> {
    const key = JSON.stringify(selection ?? []);
    let provider = state.providers.get(key);
    if (!provider) {
      provider = this.options.providers.current(selection).catch((error: unknown) => {
        state.errors.push({
          scope: 'run',
          target: 'language model',
          kind: 'provider',
          message: `The language model is not usable (${messageOf(error)}); relevance was judged by text search.`,
        });
        return null;
      });
      state.providers.set(key, provider);
    }
    return provider;
  }

  private async processSite(target: TrendTarget, trends: readonly FeedTrend[], state: RunState): Promise<void> {
    const { targets } = this.options;
    const keyed = trends.map((trend) => ({ trend, key: normaliseTrendTitle(trend.title) }));
    const done = await targets.processedKeys(
      target.siteId,
      keyed.map((entry) => entry.key),
    );
    const fresh = keyed.filter((entry) => !done.has(entry.key)).map((entry) => entry.trend);
    if (fresh.length === 0) return;
    const overBudget = await this.options.budgetBlock?.(target.siteId);
    if (overBudget) {
      state.errors.push({ scope: 'site', target: target.siteName, kind: 'budget', message: overBudget });
      return;
    }
    const dayStart = startOfOperatorDay(new Date(), this.options.timeZone);
    let remaining = await targets.roomToday(target, dayStart);
    if (remaining <= 0) return;

    const provider = await this.provider(target.providers, state);
    const relevance = await withUsageScope(
      { source: 'trend', siteId: target.siteId, jobRef: String(state.runId), step: 'judge relevance' },
      () => this.relevant(provider, target, fresh, state.signal),
    );
    if (relevance.fallbackReason) {
      state.errors.push({
        scope: 'site',
        target: target.siteName,
        kind: 'relevance',
        message: `The model could not judge relevance (${relevance.fallbackReason}); text search decided.`,
      });
    }
    for (const trend of relevance.trends) {
      if (remaining <= 0) break;
      state.signal?.throwIfAborted();
      const covered = await this.options.coveredOnSite?.(target.siteId, trend.title).catch(() => null);
      if (covered) {
        state.errors.push({
          scope: 'site',
          target: target.siteName,
          kind: 'already_covered',
          message: `"${trend.title}": skipped, ${covered.siteName ? `${covered.siteName} (another of your sites)` : 'the site'} already has "${covered.title}" (${covered.link})`,
        });
        continue;
      }
      if (await this.queueTrendArticle(target, trend, state)) remaining--;
    }
  }

  private relevant(
    provider: LanguageModelProvider | null,
    target: TrendTarget,
    trends: FeedTrend[],
    signal?: AbortSignal,
  ): Promise<RelevanceOutcome> {
    const offline: OfflineRanker = this.options.topicFit
      ? topicFitRanker(this.options.topicFit, target.siteId)
      : async (topics, list) => rankByTextSearch(topics, list);
    if (!provider)
      return offline(target.topics, trends).then((picked) => ({ trends: picked, method: 'text-search' as const }));
    return judgeRelevance(provider, target.topics, trends, signal, offline);
  }

  /** Claims the trend for the site and queues its article, in one transaction; false when another run took it first. */
  private async queueTrendArticle(target: TrendTarget, trend: FeedTrend, state: RunState): Promise<boolean> {
    const { targets, pipeline } = this.options;
    await pipeline.queue.prepare();
    const claim = {
      normalizedTitle: normaliseTrendTitle(trend.title),
      title: trend.title,
      siteId: target.siteId,
      siteName: target.siteName,
      url: trend.url,
      executionLogId: state.runId,
    };
    const queued = await targets.transaction(async (tx) => {
      const claimId = await targets.claim(claim, tx);
      if (claimId === null) return false;
      const context: TrendUnitContext = {
        runId: state.runId,
        claimId,
        siteId: target.siteId,
        siteName: target.siteName,
        trendTitle: trend.title,
        sourcesHtml: sourcesSection(trend),
      };
      await pipeline.enqueue(tx, {
        originKey: trendOriginKey(claimId),
        brief: this.generationInput(target, trend),
        // Nobody is watching a trend post: a quality-gate objection stops it (the report stays on the article).
        policy: { publish: true, status: target.postStatus, onQualityGate: 'refuse', siteId: target.siteId },
        context: { ...context },
      });
      return true;
    });
    if (queued) state.queued++;
    return queued;
  }

  private generationInput(target: TrendTarget, trend: FeedTrend): StoredBrief {
    return {
      siteId: target.siteId,
      topic: trend.title,
      taskType: target.taskType,
      persona: target.persona,
      wordCount: target.wordCount,
      includeImages: this.options.includeImages ?? true,
      origin: 'trend',
      // Written (and billed) by the configuration's own providers, as its scheduled articles are.
      ...(target.providers ? { providers: target.providers } : {}),
      sources: {
        newsUrls: newsUrlsOf(trend),
        trendSources: [
          {
            topic: trend.title,
            description: trend.description,
            publishedDate: trend.publishedDate,
            trendUrl: trend.url,
          },
        ],
        notes: trendNotes(trend),
      },
    };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
