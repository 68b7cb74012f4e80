import { TASK_TYPES } from '@abp/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ArticleBrief,
  buildOfflineOutline,
  OfflineWriterProvider,
  titleKey,
} from '../../src/integrations/llm/index.js';
import { ArticleGenerator } from '../../src/modules/generation/engine/index.js';
import { runQualityGate } from '../../src/modules/quality-gate/index.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from './fake-openai-server.js';
import { isOutlineRequest, writerReply } from './fake-writer.js';
import { providerFor } from './helpers.js';

// A topic written about again must get a title the site does not have yet: publishing refuses duplicates.
const brief = (overrides: Partial<ArticleBrief> = {}): ArticleBrief => ({
  topic: 'composting basics',
  taskType: 'Blog Post',
  voice: '',
  keywords: [],
  ...overrides,
});
const isDuplicateForGate = (title: string, others: string[]) =>
  runQualityGate({ title, content: '<p>Some text.</p>' }, { otherTitlesOnSite: others }).issues.some(
    (issue) => issue.rule === 'duplicate_title',
  );

describe('titleKey', () => {
  it.each([
    ['Composting Basics: A Practical Guide', 'composting basics — a practical guide!', true],
    ['Getting Composting Basics Right', 'getting-composting-basics-right', true],
    ['Crème Brûlée Recipe', 'CRÈME BRÛLÉE RECIPE', true],
    ['Composting Basics (Part 2)', 'Composting Basics', false],
    ['The Complete Guide to Composting', 'Complete Guide to Composting', false],
  ])('compares %j and %j as the quality gate does', (a, b, same) => {
    expect(titleKey(a) === titleKey(b)).toBe(same);
    expect(isDuplicateForGate(a, [b])).toBe(same);
  });
});

describe('the offline writer with titles to avoid', () => {
  it.each(TASK_TYPES)('gives a %s another title when its usual one is taken', (taskType) => {
    const usual = buildOfflineOutline(brief({ taskType }), 6);
    const next = buildOfflineOutline(brief({ taskType, avoidTitles: [usual.title.toUpperCase()] }), 6);
    expect(titleKey(next.title)).not.toBe(titleKey(usual.title));
    expect(next.sections.map((s) => s.heading)).toEqual(usual.sections.map((s) => s.heading));
    // Nothing to avoid, or only other titles: the same outline as always.
    expect(buildOfflineOutline(brief({ taskType, avoidTitles: ['Something Else Entirely'] }), 6)).toEqual(usual);
  });

  it('keeps finding new titles for the same topic, article after article', () => {
    const used: string[] = [];
    for (let i = 0; i < 130; i++) used.push(buildOfflineOutline(brief({ avoidTitles: [...used] }), 6).title);
    expect(new Set(used.map(titleKey)).size).toBe(130);
    for (const title of used) expect(title.toLowerCase()).toContain('composting basics');
    // Past the task type's own titles and the angles on the topic, the titles are numbered.
    expect(used.at(-1)).toMatch(/ \(Part \d+\)$/);
  });

  it('writes the second article from its own key points, not the first one renamed', () => {
    const usual = buildOfflineOutline(brief(), 12);
    const next = buildOfflineOutline(brief({ avoidTitles: [usual.title] }), 12);
    expect(next.sections.map((s) => s.keyPoints)).not.toEqual(usual.sections.map((s) => s.keyPoints));
  });
});

describe('ArticleGenerator with titles in use', () => {
  const offline = new ArticleGenerator({ provider: new OfflineWriterProvider() });

  it('writes an offline article under a title the site does not have', async () => {
    const first = await offline.generate({ topic: 'composting basics', wordCount: 600 });
    const second = await offline.generate({ topic: 'composting basics', wordCount: 600, avoidTitles: [first.title] });
    expect(titleKey(second.title)).not.toBe(titleKey(first.title));
    expect(isDuplicateForGate(second.title, [first.title])).toBe(false);
  });

  it('numbers the title when the site check finds it taken although the list did not name it', async () => {
    const usual = await offline.generate({ topic: 'composting basics', wordCount: 600 });
    const asked: string[] = [];
    const article = await offline.generate({
      topic: 'composting basics',
      wordCount: 600,
      isTitleInUse: async (title) => {
        asked.push(title);
        return titleKey(title) === titleKey(usual.title);
      },
    });
    expect(article.title).toBe(`${usual.title} (Part 2)`);
    expect(asked).toEqual([usual.title, `${usual.title} (Part 2)`]);
    expect(article.log.warnings.map((w) => w.message).join(' ')).toContain('already used on this site');
  });
});

describe('a real model that repeats a taken title', () => {
  let server: FakeOpenAiServer;
  beforeAll(async () => {
    server = await startFakeOpenAiServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  // The fake writer's outline title is always "A Practical Guide to <topic>".
  const taken = 'A Practical Guide to balcony tomatoes';
  const generator = () => new ArticleGenerator({ provider: providerFor(server.baseUrl), sectionConcurrency: 3 });
  const isRetitle = (prompt: string) => prompt.includes('the website already has an article with that title');

  it('is shown the taken titles, then asked once for a new title, which is used', async () => {
    server.setHandler((request) =>
      isRetitle(request.prompt)
        ? { type: 'text', content: 'Title: "Balcony Tomatoes From Seed to Harvest"' }
        : writerReply(request),
    );
    const article = await generator().generate({
      topic: 'balcony tomatoes',
      wordCount: 800,
      avoidTitles: [taken, 'Balcony Tomatoes on a Budget'],
    });
    expect(article.title).toBe('Balcony Tomatoes From Seed to Harvest');
    const outlinePrompt = server.requests.find((r) => isOutlineRequest(r))!.prompt;
    expect(outlinePrompt).toContain('already used on the website');
    expect(outlinePrompt).toContain(`- ${taken}`);
    expect(outlinePrompt).toContain('- Balcony Tomatoes on a Budget');
    expect(server.requests.filter((r) => isRetitle(r.prompt))).toHaveLength(1);
    expect(article.log.steps.find((s) => s.step === 'retitle')).toMatchObject({ status: 'success' });
    // The sections are written for the new title.
    expect(server.requests.find((r) => r.prompt.includes('Write section 1 of'))!.prompt).toContain(
      'Article: "Balcony Tomatoes From Seed to Harvest"',
    );
  });

  it('numbers the title when the new one is taken too', async () => {
    server.setHandler((request) =>
      isRetitle(request.prompt) ? { type: 'text', content: 'Balcony Tomatoes on a Budget' } : writerReply(request),
    );
    const article = await generator().generate({
      topic: 'balcony tomatoes',
      wordCount: 800,
      avoidTitles: [taken, 'Balcony Tomatoes on a Budget'],
    });
    expect(article.title).toBe(`${taken} (Part 2)`);
  });

  it('numbers the title when the retitle call fails, and still writes the article', async () => {
    server.setHandler((request) =>
      isRetitle(request.prompt)
        ? { type: 'error', status: 400, body: { error: { message: 'bad request' } } }
        : writerReply(request),
    );
    const article = await generator().generate({
      topic: 'balcony tomatoes',
      wordCount: 800,
      isTitleInUse: async (title) => title === taken,
    });
    expect(article.title).toBe(`${taken} (Part 2)`);
    expect(article.log.steps.find((s) => s.step === 'retitle')).toMatchObject({ status: 'failed' });
    expect(article.wordCount).toBeGreaterThan(600);
  });
});
