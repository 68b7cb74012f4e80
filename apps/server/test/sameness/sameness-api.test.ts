import { qualityReportSchema, type SiteSameness } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteInventoryRepository } from '../../src/modules/site-inventory/site-inventory.repository.js';
import { insertArticle } from '../articles/article-fixtures.js';
import { articleRow, publish, useFakeWordPress } from '../articles/publish-helpers.js';
import { generate, manualPayload } from '../manual/manual-helpers.js';
import { createSite } from '../sites/sites-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  useFakeWordPress(t);
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url, cookie });

const SUBJECTS = ['hiking boots', 'camping stoves', 'rain jackets', 'trail maps', 'water filters', 'tent pegs'];

/** A post of the "ultimate guide" template: one title form, one heading skeleton, one opening. */
function templated(subject: string, i: number) {
  const filler = `Good ${subject} last for years when chosen with care and looked after. `.repeat(8 + i * 6);
  return {
    title: `The Ultimate Guide to ${subject.replace(/\b\w/g, (c) => c.toUpperCase())}`,
    content: [
      `<p>Have you ever wondered which ${subject} to buy? ${filler}</p>`,
      `<h2>What Is a Good Choice of ${subject}?</h2><p>${filler}</p>`,
      `<h2>Why ${subject} Matters</h2><p>${filler}</p>`,
      `<h2>How to Choose ${subject}</h2><p>${filler}</p>`,
      `<h2>Common ${subject} Mistakes</h2><p>${filler}</p>`,
      `<h2>Conclusion</h2><p>${filler}</p>`,
    ].join('\n'),
  };
}

describe('GET /api/sites/{id}/sameness', () => {
  it('refuses an unknown site (404) and a bad limit (400 naming it)', async () => {
    expect((await get('/api/sites/999999/sameness')).statusCode).toBe(404);
    const site = await createSite(t, cookie, { name: 'Limits' });
    for (const limit of ['abc', '2', '51', '7.5']) {
      const res = await get(`/api/sites/${site.id}/sameness?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.body).toContain('limit');
    }
  });

  it('says a site whose last posts share one template is uniform, and how', async () => {
    const site = await createSite(t, cookie, { name: 'Template Farm', url: 'https://farm.example' });
    const empty = (await get(`/api/sites/${site.id}/sameness`)).json<SiteSameness>();
    expect(empty).toMatchObject({ site_id: site.id, posts_compared: 0, uniform: false });

    for (const [i, subject] of SUBJECTS.entries())
      await insertArticle(t, { siteId: site.id, ...templated(subject, i) });
    const res = await get(`/api/sites/${site.id}/sameness`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<SiteSameness>();
    expect(answer).toMatchObject({
      posts_compared: 6,
      same_skeleton_share: 1,
      same_title_template_share: 1,
      title_template: 'the ultimate guide to X',
      same_opening_share: 1,
      uniform: true,
    });
    // Lengths differ on purpose: the spread is not what made it uniform.
    expect(answer.length_spread_pct).toBeGreaterThan(10);
    expect(answer.message).toContain('the same heading skeleton');
    expect(answer.message).toContain('"the ultimate guide to X"');
  });

  it('says a site of varied posts is not uniform, and counts its WordPress posts once', async () => {
    const site = await createSite(t, cookie, { name: 'Varied', url: 'https://varied.example' });
    // insertArticle's default posts: each on its own subject, two headings, titles "A guide to … soil".
    const published = await insertArticle(t, { siteId: site.id, wordpressPostId: 41 });
    await insertArticle(t, {
      siteId: site.id,
      title: 'Why My Compost Smells',
      content: '<p>The smell told me something was wrong.</p><h2>Too much nitrogen</h2><p>Grass clippings.</p>',
    });
    const repo = new SiteInventoryRepository(t.ctx.handle.db);
    const post = (wpId: number, title: string, headings: string, body: string) => ({
      kind: 'post' as const,
      wpId,
      title,
      slug: `post-${wpId}`,
      link: `https://varied.example/post-${wpId}/`,
      status: 'publish',
      publishedAt: new Date('2026-10-01T08:00:00Z'),
      modifiedAt: null,
      categoryIds: [],
      tagIds: [],
      authorId: 1,
      excerpt: '',
      headings,
      body,
    });
    await repo.upsertItems(site.id, [
      // The published article's own post: counted once.
      post(41, published.title, 'Why it matters', published.content),
      post(42, 'Three Days in Porto', 'Day one\nDay two', 'We arrived on the night train. '.repeat(40)),
    ]);
    const answer = (await get(`/api/sites/${site.id}/sameness?limit=5`)).json<SiteSameness>();
    expect(answer).toMatchObject({ posts_compared: 3, same_title_template_share: 0, uniform: false });
    expect(answer.message).toContain('vary');
  });
});

describe('the quality report', () => {
  it('names the recent posts a new article is made alike, as a warning (the offline writer’s second Blog Post)', async () => {
    const site = await createSite(t, cookie, { name: 'Offline Farm', url: 'https://offline.example' });
    const first = await generate(t, cookie, manualPayload(site.id, 'Composting basics', { wordCount: 1500 }));
    expect(first.statusCode, first.body).toBe(200);
    const firstReport = qualityReportSchema.parse((await articleRow(t, first.json().data.article_id)).qualityReport);
    expect(firstReport.warnings.map((w) => w.rule)).not.toContain('sameness');

    const second = await generate(t, cookie, manualPayload(site.id, 'Home espresso machines', { wordCount: 1500 }));
    expect(second.statusCode, second.body).toBe(200);
    const report = qualityReportSchema.parse((await articleRow(t, second.json().data.article_id)).qualityReport);
    const finding = report.warnings.find((w) => w.rule === 'sameness');
    expect(finding?.severity).toBe('minor');
    expect(finding?.resembles?.[0]?.title).toBe(first.json().data.title);
    expect(finding?.resembles?.[0]?.ways).toContain('heading_skeleton');
    expect(finding?.message).toContain('the same heading skeleton');
    expect(report.blocking).toBe(false);
  });

  it('at publish: AI-tell phrases and sameness are warnings with the sentences quoted, and the post goes out', async () => {
    const site = await createSite(t, cookie, { name: 'Tells', url: 'https://tells.example' });
    for (const [i, subject] of SUBJECTS.slice(0, 3).entries())
      await insertArticle(t, { siteId: site.id, ...templated(subject, i) });
    const base = templated('tent pegs', 0);
    const article = await insertArticle(t, {
      siteId: site.id,
      title: base.title,
      content: base.content.replace(
        '<h2>Conclusion</h2><p>',
        '<h2>Conclusion</h2><p>In conclusion, it’s important to note that pegs delve into hard ground. Let’s delve into the details of the many aluminium types. ',
      ),
    });
    const res = await publish(t, cookie, article.id);
    expect(res.statusCode, res.body).toBe(200);
    const report = qualityReportSchema.parse((await articleRow(t, article.id)).qualityReport);
    expect(report.blocking).toBe(false);
    const tells = report.warnings.find((w) => w.rule === 'ai_tells');
    // The template's own title and opening are stock phrases too.
    expect(tells?.ai_tells).toMatchObject({
      count: 6,
      phrases: [
        { phrase: 'delve into', count: 2 },
        { phrase: 'ever wondered', count: 1 },
        { phrase: 'in conclusion', count: 1 },
        { phrase: "it's important to note", count: 1 },
        { phrase: 'the ultimate guide', count: 1 },
      ],
      rewritten: 0,
    });
    // The heading "Conclusion" is no stock phrase; the sentences are quoted as written, curly quotes and all.
    expect(tells?.ai_tells?.sentences).toEqual([
      'The Ultimate Guide to Tent Pegs',
      'Have you ever wondered which tent pegs to buy?',
      'In conclusion, it’s important to note that pegs delve into hard ground.',
      'Let’s delve into the details of the many aluminium types.',
    ]);
    expect(tells?.message).toContain('6 stock phrases');
    const sameness = report.warnings.find((w) => w.rule === 'sameness');
    expect(sameness?.resembles).toHaveLength(3);
    expect(sameness?.resembles?.[0]?.ways).toEqual(
      expect.arrayContaining(['heading_skeleton', 'opening_sentence', 'title_template']),
    );
  });
});
