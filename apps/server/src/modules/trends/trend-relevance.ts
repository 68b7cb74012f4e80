import { z } from 'zod';
import type { LanguageModelProvider } from '../../integrations/llm/index.js';
import type { FeedTrend } from '../../integrations/trends/index.js';
import { rankByTextSearch } from './trend-text-match.js';

/** Candidates shown to the model at once; more would only dilute its attention. */
const MAX_CANDIDATES = 40;

export interface RelevanceOutcome {
  /** The relevant trends, best first. */
  trends: FeedTrend[];
  method: 'model' | 'text-search';
  /** Set when the model could not judge and text search decided instead. */
  fallbackReason?: string;
}

const judgementSchema = z.object({
  relevant: z.array(z.number().int()).describe('Numbers of the trending topics that fit the blog, best fit first'),
});

/** Relevance without a model: the trends that fit the topics, best first. */
export type OfflineRanker = (topics: readonly string[], trends: readonly FeedTrend[]) => Promise<FeedTrend[]>;

const textSearchRanker: OfflineRanker = async (topics, trends) => rankByTextSearch(topics, trends);

/** How well a trend fits a site's topics, without a model (site knowledge's analyzer, issue #32). */
export type TopicFitJudge = (
  topics: readonly string[],
  trend: { title: string; description?: string; news?: readonly string[] },
  siteId: number,
) => Promise<{ fits: boolean; score: number }>;

/**
 * The offline ranker of a site from the topic-fit judgement: the trends that fit, best first (feed
 * order breaks ties). Any strong term of a topic counts, weighted; not all words are needed.
 */
export function topicFitRanker(judge: TopicFitJudge, siteId: number): OfflineRanker {
  return async (topics, trends) => {
    const judged = await Promise.all(
      trends.map(async (trend, order) => {
        const fit = await judge(
          topics,
          { title: trend.title, description: trend.description, news: trend.newsItems.map((item) => item.title) },
          siteId,
        );
        return { trend, order, ...fit };
      }),
    );
    return judged
      .filter((entry) => entry.fits)
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .map((entry) => entry.trend);
  };
}

export function relevancePrompt(topics: readonly string[], trends: readonly FeedTrend[]): string {
  const lines = trends.map((trend, i) => {
    const news = trend.newsItems
      .slice(0, 3)
      .map((item) => item.title)
      .join('; ');
    return `${i + 1}. ${trend.title}${trend.description ? ` — ${trend.description.slice(0, 200)}` : ''}${news ? ` (news: ${news.slice(0, 300)})` : ''}`;
  });
  return [
    `A blog writes about: ${topics.join(', ')}.`,
    '',
    'Trending topics right now:',
    ...lines,
    '',
    'Which trending topics fit this blog closely enough that its readers would expect an article about them?',
    'Answer with their numbers, best fit first. Leave out anything only loosely related. An empty list is a fine answer.',
  ].join('\n');
}

/**
 * Picks the trends that fit a configuration's topics. A real model judges; the offline writer
 * (no model) uses a stemmed text search, which is also the fallback when the model fails or answers badly.
 */
export async function judgeRelevance(
  provider: LanguageModelProvider,
  topics: readonly string[],
  trends: readonly FeedTrend[],
  signal?: AbortSignal,
  /** The judgement without a model (site knowledge's topic fit); the stemmed text search without it. */
  offline: OfflineRanker = textSearchRanker,
): Promise<RelevanceOutcome> {
  if (trends.length === 0 || topics.length === 0)
    return { trends: [], method: provider.isOffline ? 'text-search' : 'model' };
  if (provider.isOffline) return { trends: await offline(topics, trends), method: 'text-search' };
  const candidates = trends.slice(0, MAX_CANDIDATES);
  try {
    const { object } = await provider.generateObject({
      system: 'You are the editor of a blog. You decide which trending topics are worth an article on it.',
      prompt: relevancePrompt(topics, candidates),
      schema: judgementSchema,
      schemaName: 'trend_relevance',
      maxTokens: 300,
      temperature: 0,
      ...(signal ? { signal } : {}),
    });
    const picked: FeedTrend[] = [];
    for (const number of object.relevant) {
      const trend = candidates[number - 1];
      if (trend && !picked.includes(trend)) picked.push(trend);
    }
    return { trends: picked, method: 'model' };
  } catch (error) {
    signal?.throwIfAborted();
    const reason = error instanceof Error ? error.message : String(error);
    return { trends: await offline(topics, trends), method: 'text-search', fallbackReason: reason };
  }
}
