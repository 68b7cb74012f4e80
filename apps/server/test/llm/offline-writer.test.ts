import { TASK_TYPES, type TaskType } from '@abp/contracts';
import { describe, expect, it } from 'vitest';
import { articleOutlineSchema, OfflineWriterProvider, probeProvider } from '../../src/integrations/llm/index.js';
import { detectRefusal } from '../../src/lib/text/refusal-detector.js';
import { ArticleGenerator, type GeneratedArticle } from '../../src/modules/generation/engine/index.js';
import { runQualityGate } from '../../src/modules/quality-gate/index.js';

const generator = new ArticleGenerator({ provider: new OfflineWriterProvider() });
const write = (taskType: TaskType, wordCount: number, topic = 'container gardening for beginners', persona = '') =>
  generator.generate({ topic, taskType, wordCount, persona });

/** What makes each task type recognisable, checked on its HTML. */
const SHAPES: Record<TaskType, (article: GeneratedArticle) => void> = {
  'Blog Post': ({ content }) => {
    expect(content.startsWith('<p>')).toBe(true); // an introduction before the first heading
    expect((content.match(/<h2>/g) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(content).toContain('<h2>Final Thoughts</h2>');
  },
  FAQ: ({ content }) => {
    const questions = content.match(/<h3>[^<]+\?<\/h3>\s*<p>/g) ?? [];
    expect(questions.length).toBeGreaterThanOrEqual(4);
  },
  Glossary: ({ content }) => {
    expect((content.match(/<h3>[^<?]+<\/h3>\s*<p>/g) ?? []).length).toBeGreaterThanOrEqual(5);
    expect(content).toContain('Baseline');
  },
  'Landing Page': ({ content }) => {
    for (const heading of ['What You Get', 'How It Works', 'What Customers Say', 'Get Started Today'])
      expect(content).toContain(`<h2>${heading}</h2>`);
    expect(content).toMatch(/<blockquote>/);
    expect(content.slice(content.lastIndexOf('<h2>'))).toMatch(/<strong>Get started today<\/strong>/);
  },
  Recipe: ({ content }) => {
    expect(content).toMatch(/<h2>Ingredients<\/h2>[\s\S]*?<ul>[\s\S]*?olive oil/);
    expect(content).toMatch(/<h2>Method<\/h2>[\s\S]*?<ol>(\s*<li>[^<]+<\/li>){6,}/);
    expect(content).toContain('500 g chicken');
  },
  'Accurate Historical Account': ({ content }) => {
    expect(content).toMatch(/<h2>Timeline of Key Events<\/h2>[\s\S]*?<li><strong>1\d{3}<\/strong> — /);
    expect(content).toContain('<h2>Key Figures</h2>');
    expect(content).toContain('<h2>Legacy</h2>');
  },
  'ACT Like IMDB And Give Me Full Movie Data': ({ content, title }) => {
    for (const field of ['Title', 'Year', 'Director', 'Starring', 'Genre', 'Runtime', 'Rating', 'Box office'])
      expect(content).toContain(`<strong>${field}:</strong>`);
    const year = /<strong>Year:<\/strong> (\d{4})/.exec(content)?.[1];
    expect(title).toContain(`(${year})`);
    const director = /<strong>Director:<\/strong> ([^<]+)/.exec(content)?.[1];
    expect(content).toContain(`<strong>Directed by:</strong> ${director}`); // the same film in every section
    expect(content).toContain('<h2>Synopsis</h2>');
  },
  'Business Information Listing (like yelp)': ({ content }) => {
    for (const field of ['Name', 'Address', 'Phone', 'Price range', 'Rating'])
      expect(content).toContain(`<strong>${field}:</strong>`);
    expect(content).toMatch(/<table>[\s\S]*<td>Monday<\/td>[\s\S]*<\/table>/);
    expect(content).toContain('<h2>Services</h2>');
    expect(content).toMatch(/<h2>Customer Reviews<\/h2>[\s\S]*?<blockquote>/);
  },
};

const TOPICS: Partial<Record<TaskType, string>> = {
  Recipe: 'lemon garlic chicken',
  'Accurate Historical Account': 'the Great Fire of London 1666',
  'ACT Like IMDB And Give Me Full Movie Data': 'The Silent Harbor',
  'Business Information Listing (like yelp)': "Rosie's Corner Bakery",
};

describe('offline writer', () => {
  it.each(TASK_TYPES)('writes a %s in its own shape', async (taskType) => {
    const article = await write(taskType, 3000, TOPICS[taskType]);
    SHAPES[taskType](article);
    expect(article.title.length).toBeGreaterThan(5);
    expect(article.metaDescription.length).toBeLessThanOrEqual(160);
    expect(article.keywords.length).toBeGreaterThan(0);
    expect(article.provider).toEqual({ id: 'offline', model: 'offline-writer', offline: true });
    expect(runQualityGate(article, { targetWordCount: 3000 })).toMatchObject({ severity: 'none', blocking: false });
  });

  it.each(TASK_TYPES.flatMap((taskType) => [500, 3000, 20_000].map((words) => [taskType, words] as const)))(
    '%s of %i words lands within ±15%%',
    async (taskType, wordCount) => {
      const article = await write(taskType, wordCount, TOPICS[taskType]);
      expect(Math.abs(article.wordCount / wordCount - 1)).toBeLessThanOrEqual(0.15);
      expect(article.log.status).toBe('completed');
    },
  );

  it('reaches the extremes of the configuration range', async () => {
    for (const wordCount of [500, 50_000]) {
      const article = await write('Blog Post', wordCount);
      expect(Math.abs(article.wordCount / wordCount - 1)).toBeLessThanOrEqual(0.15);
    }
  });

  it('writes readable, topic-specific prose: no refusals, placeholders or repeated paragraphs', async () => {
    const article = await write('Blog Post', 20_000, 'urban beekeeping');
    expect(detectRefusal(article.content).refused).toBe(false);
    expect(article.content).not.toMatch(/lorem|ipsum|\[insert|As an AI/i);
    expect(article.content).toContain('urban beekeeping');
    const paragraphs = article.content.match(/<p>[^<]{80,}<\/p>/g) ?? [];
    expect(new Set(paragraphs).size / paragraphs.length).toBeGreaterThan(0.98);
  });

  it('is deterministic and follows the topic', async () => {
    const first = await write('FAQ', 1500, 'solar panels');
    const again = await write('FAQ', 1500, 'solar panels');
    const other = await write('FAQ', 1500, 'electric cars');
    expect(again.content).toBe(first.content);
    expect(other.content).not.toBe(first.content);
    expect(other.content).toContain('electric cars');
  });

  it('lets the persona colour the voice', async () => {
    const neutral = await write('Blog Post', 1500, 'home composting', '');
    const friendly = await write('Blog Post', 1500, 'home composting', 'emily');
    expect(neutral.content).not.toContain('Here is the encouraging part.');
    expect(friendly.content).toMatch(
      /Here is the encouraging part\.|You do not need to get everything right at once\./,
    );
  });

  it('answers a probe and builds schema-valid outlines', async () => {
    const provider = new OfflineWriterProvider();
    expect(await probeProvider(provider)).toMatchObject({
      ok: true,
      offline: true,
      answer: expect.stringContaining('offline writer'),
    });
    const brief = { topic: 'kayaking', taskType: 'Landing Page' as const, voice: '', keywords: [] };
    const { object } = await provider.generateObject({
      prompt: '',
      schema: articleOutlineSchema,
      intent: { kind: 'outline', brief, wordCount: 3000, sectionCount: 9 },
    });
    expect(object.sections).toHaveLength(9);
    expect(object.sections.at(-1)?.role).toBe('call_to_action');
  });

  it('adds a title card when images are asked for', async () => {
    const article = await generator.generate({
      topic: 'trail running shoes',
      wordCount: 500,
      includeImages: true,
      siteName: 'Run Club',
    });
    expect(article.featuredImage?.png.subarray(1, 4).toString()).toBe('PNG');
    expect(article.featuredImage).toMatchObject({ alt: article.title, width: 1200, height: 630 });
    expect(article.featuredImage?.filename).toMatch(/^[a-z0-9-]+\.png$/);
    expect(article.log.steps.at(-1)).toMatchObject({ step: 'featured image (title-card)', status: 'success' });
  });
});
