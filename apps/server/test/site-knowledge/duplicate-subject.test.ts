import { qualityReportSchema } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertSite } from '../articles/article-fixtures.js';
import { storedGeneration } from '../manual/manual-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { storeFixturePosts } from './knowledge-helpers.js';

// Issue #32: before writing, the quality gate asks site knowledge whether one of the operator's
// sites (posts the app did not write included) already covers the subject, and names that post.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('a reworded subject another site already has is named, with its site and link, in the stored quality report', async () => {
  const plot = await insertSite(t, { name: 'Plot Notes' });
  const fresh = await insertSite(t, { name: 'New Allotment' });
  const posts = await storeFixturePosts(t, plot.id);
  const blight = [...posts.values()].find((post) => post.id === 'garden-002')!;
  const result = await t.services.generation.generateAndStore({
    siteId: fresh.id,
    topic: 'How to stop tomato blight spreading',
    taskType: 'Blog Post',
    persona: '',
    wordCount: 600,
    includeImages: false,
    origin: 'manual',
  });
  const { article } = await storedGeneration(t, result.articleId);
  const report = qualityReportSchema.parse(article.qualityReport);
  const issue = report.issues.find((i) => i.rule === 'already_on_site');
  expect(issue?.existing_post).toEqual({
    title: blight.title,
    link: `https://garden.example/${blight.slug}/`,
    site_name: 'Plot Notes',
  });
  expect(issue?.message).toBe(
    `"${blight.title}" on Plot Notes already covers this subject: https://garden.example/${blight.slug}/`,
  );
  expect(report.blocking).toBe(true);
});

it('a subject no site covers gets no such finding', async () => {
  const plot = await insertSite(t, { name: 'Plot Notes 2' });
  await storeFixturePosts(t, plot.id);
  const result = await t.services.generation.generateAndStore({
    siteId: plot.id,
    topic: 'Choosing a wheelbarrow',
    taskType: 'Blog Post',
    persona: '',
    wordCount: 600,
    includeImages: false,
    origin: 'manual',
  });
  const { article } = await storedGeneration(t, result.articleId);
  expect(qualityReportSchema.parse(article.qualityReport).issues.map((i) => i.rule)).not.toContain('already_on_site');
});
