import { qualityReportSchema } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { titleKey } from '../../src/integrations/llm/index.js';
import type { GenerateAndStoreInput } from '../../src/modules/generation/generation.service.js';
import { insertArticle, insertSite } from '../articles/article-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { storedGeneration } from './manual-helpers.js';

// A topic written about again on the same site gets a new title, so publishing does not refuse it as a duplicate.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const input = (
  siteId: number,
  topic: string,
  overrides: Partial<GenerateAndStoreInput> = {},
): GenerateAndStoreInput => ({
  siteId,
  topic,
  taskType: 'Blog Post',
  persona: '',
  wordCount: 600,
  includeImages: false,
  origin: 'schedule',
  ...overrides,
});

const qualityRules = async (articleId: number) => {
  const { article } = await storedGeneration(t, articleId);
  return qualityReportSchema.parse(article.qualityReport).issues.map((issue) => issue.rule);
};

describe('generateAndStore on a topic the site has written about before', () => {
  it('gives the second article on the same site and topic a different title, with no duplicate-title issue', async () => {
    const site = await insertSite(t);
    const first = await t.services.generation.generateAndStore(input(site.id, 'Composting basics'));
    const second = await t.services.generation.generateAndStore(input(site.id, 'Composting basics'));
    expect([first.status, second.status]).toEqual(['draft', 'draft']);
    expect(titleKey(second.title)).not.toBe(titleKey(first.title));
    expect(second.title).toContain('Composting Basics');
    expect(await qualityRules(second.articleId)).not.toContain('duplicate_title');
    const { article } = await storedGeneration(t, second.articleId);
    expect(qualityReportSchema.parse(article.qualityReport).blocking).toBe(false);
  });

  it('keeps every title distinct over many articles on one topic, whatever the task type', async () => {
    const site = await insertSite(t);
    const titles: string[] = [];
    for (let i = 0; i < 5; i++) {
      const result = await t.services.generation.generateAndStore(
        input(site.id, 'Sourdough starter', { taskType: 'Recipe', wordCount: 500 }),
      );
      expect(await qualityRules(result.articleId)).not.toContain('duplicate_title');
      titles.push(result.title);
    }
    expect(new Set(titles.map(titleKey)).size).toBe(5);
  });

  it('avoids titles of failed articles too, as the publishing gate counts them', async () => {
    const site = await insertSite(t);
    const other = await insertSite(t);
    const usual = await t.services.generation.generateAndStore(input(other.id, 'Raised beds'));
    await insertArticle(t, { siteId: site.id, title: usual.title.toUpperCase(), status: 'failed' });
    const result = await t.services.generation.generateAndStore(input(site.id, 'Raised beds'));
    expect(titleKey(result.title)).not.toBe(titleKey(usual.title));
  });

  it('does not look at other sites: the same topic on a new site gets the usual title', async () => {
    const [a, b] = [await insertSite(t), await insertSite(t)];
    const onA = await t.services.generation.generateAndStore(input(a.id, 'Watering in summer'));
    const onB = await t.services.generation.generateAndStore(input(b.id, 'Watering in summer'));
    expect(onB.title).toBe(onA.title);
  });
});
