import { describe, expect, it } from 'vitest';
import type { LanguageModelProvider, ObjectRequest, ObjectResult } from '../../src/integrations/llm/index.js';
import { OfflineWriterProvider } from '../../src/integrations/llm/index.js';
import { type FeedTrend, parseFeed } from '../../src/integrations/trends/index.js';
import { judgeRelevance } from '../../src/modules/trends/trend-relevance.js';
import { rankByTextSearch, significantWords } from '../../src/modules/trends/trend-text-match.js';
import { GOOGLE_TRENDS, googleTrendsFeed } from './feed-fixtures.js';

const trends = parseFeed(googleTrendsFeed(GOOGLE_TRENDS), 'https://trends.google.com/trending/rss?geo=US').trends;
const titles = (list: FeedTrend[]) => list.map((t) => t.title);
const trend = (title: string, description = '', news: string[] = []): FeedTrend => ({
  title,
  description,
  publishedDate: null,
  url: null,
  newsItems: news.map((n, i) => ({
    title: n,
    url: `https://n.example/${i}`,
    source: null,
    snippet: null,
    picture: null,
  })),
  approxTraffic: null,
  picture: null,
  feedUrl: 'https://f.example/',
});

describe('text search (the offline writer has no model to ask)', () => {
  it('keeps significant words: case and accents folded, short words and stopwords dropped', () => {
    expect(significantWords("The Best Crème-Brûlée tips for 2026's bakers")).toEqual([
      'creme',
      'brulee',
      '2026',
      'bakers',
    ]);
  });

  it('matches stems ("tomatoes" ~ "tomato", "gardening" ~ "garden") but not unrelated prefixes', () => {
    expect(titles(rankByTextSearch(['tomatoes'], trends))).toEqual(['Tomato blight']);
    expect(titles(rankByTextSearch(['garden'], [trend('Gardening in November')]))).toEqual(['Gardening in November']);
    expect(rankByTextSearch(['art'], [trend('Artificial intelligence')])).toEqual([]);
  });

  it('a two-word topic needs both words; one word of it is not enough', () => {
    expect(rankByTextSearch(['home gardening'], [trend('Home prices soar')])).toEqual([]);
    expect(titles(rankByTextSearch(['home gardening'], [trend('Home gardening boom')]))).toEqual([
      'Home gardening boom',
    ]);
  });

  it('reads the description and the news titles too, and ranks title matches first', () => {
    const list = [trend('Weekend plans', '', ['Why roses need pruning now']), trend('Rose festival')];
    expect(titles(rankByTextSearch(['roses'], list))).toEqual(['Rose festival', 'Weekend plans']);
  });

  it('matches words of one stem across forms: "squash growing" finds growers harvesting heirloom squashes', () => {
    const harvest = trend('heirloom squash harvest', '', ['Growers harvest record heirloom squashes']);
    expect(
      titles(rankByTextSearch(['squash growing'], [trend('Squash the bug'), harvest, trend('Growing tomatoes')])),
    ).toEqual(['heirloom squash harvest']);
  });

  it('nothing matches a configuration without significant words', () => {
    expect(rankByTextSearch(['the best'], trends)).toEqual([]);
  });
});

/** A provider whose structured answer the test decides. */
function modelAnswering(
  answer: (request: ObjectRequest<unknown>) => unknown,
): LanguageModelProvider & { prompts: string[] } {
  const prompts: string[] = [];
  return {
    providerId: 'openai',
    model: 'test',
    isOffline: false,
    prompts,
    generateText: async () => {
      throw new Error('not used');
    },
    async generateObject<T>(request: ObjectRequest<T>): Promise<ObjectResult<T>> {
      prompts.push(request.prompt);
      const object = request.schema.parse(answer(request as ObjectRequest<unknown>));
      return {
        object,
        finishReason: 'stop',
        usage: { inputTokens: 1, outputTokens: 1 },
        modelMs: 1,
        transportAttempts: 1,
      };
    },
  };
}

describe('judgeRelevance', () => {
  it('uses the text search with the offline writer', async () => {
    const outcome = await judgeRelevance(new OfflineWriterProvider(), ['roses', 'tomatoes'], trends);
    expect(outcome).toMatchObject({ method: 'text-search' });
    expect(titles(outcome.trends)).toEqual(['Tomato blight', 'Rose pruning']);
  });

  it("lets a real model decide, in the model's order, ignoring numbers that are not on the list", async () => {
    const model = modelAnswering(() => ({ relevant: [3, 9, 1, 3] }));
    const outcome = await judgeRelevance(model, ['gardening'], trends);
    expect(outcome).toEqual({ trends: [trends[2], trends[0]], method: 'model' });
    expect(model.prompts[0]).toContain('A blog writes about: gardening.');
  });

  it('falls back to the text search, with the reason, when the model fails', async () => {
    const model = modelAnswering(() => ({ wrong: true }));
    const outcome = await judgeRelevance(model, ['roses'], trends);
    expect(titles(outcome.trends)).toEqual(['Rose pruning']);
    expect(outcome.method).toBe('text-search');
    expect(outcome.fallbackReason).toBeTruthy();
  });
});
