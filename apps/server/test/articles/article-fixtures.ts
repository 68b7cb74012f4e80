import { sql } from 'drizzle-orm';
import { articleImages, articles, articleTrendSources, generationLogs, sites } from '../../src/db/schema/index.js';
import { tinyPng } from '../../src/integrations/wordpress/tiny-png.js';
import type { TestApp } from '../test-app.js';

type ArticleInsert = typeof articles.$inferInsert;

let siteCounter = 0;
let articleCounter = 0;

/** A site row as the Sites module stores it (password sealed with the app's key). */
export async function insertSite(
  t: TestApp,
  overrides: {
    name?: string;
    url?: string;
    username?: string;
    password?: string;
    isActive?: boolean;
    restRoot?: string | null;
  } = {},
) {
  siteCounter += 1;
  const [row] = await t.ctx.handle.db
    .insert(sites)
    .values({
      name: overrides.name ?? `Site ${siteCounter}`,
      url: overrides.url ?? `https://site-${siteCounter}-${Date.now()}.example`,
      username: overrides.username ?? 'editor',
      passwordSealed: t.ctx.secretBox.encrypt(overrides.password ?? 'abcd efgh ijkl mnop'),
      isActive: overrides.isActive ?? true,
      restRoot: overrides.restRoot === undefined ? null : overrides.restRoot,
    })
    .returning();
  return row!;
}

/** Content that passes the quality gate: headings, enough words, no placeholders. */
export function goodContent(topic = 'soil'): string {
  const paragraph =
    `Healthy ${topic} holds water, feeds roots and keeps a garden productive through dry weeks. `.repeat(6);
  return `<h2>Why ${topic} matters</h2><p>${paragraph}</p><h2>How to improve ${topic}</h2><p>${paragraph}</p>`;
}

/**
 * A made-up word of its own per article ("bakodi", "bakofe", …): default articles are on distinct
 * subjects, as site knowledge judges a second post on the same subject a duplicate (issue #32).
 */
function subjectWord(n: number): string {
  const syllables = ['ba', 'ko', 'di', 'fe', 'lu', 'mi', 'no', 'pa', 'ru', 'se', 'ti', 'vo', 'za', 'ge', 'hu', 'ja'];
  let word = 'qu';
  for (let rest = n; word.length < 8 || rest > 0; rest = Math.floor(rest / syllables.length))
    word += syllables[rest % syllables.length];
  return word;
}

/** Titles and subjects are unique by default: the quality gate refuses a subject a site already has. */
export async function insertArticle(t: TestApp, values: Partial<ArticleInsert> = {}) {
  articleCounter += 1;
  // A body of its own too: publishing refuses a body nearly the same as one already published, and
  // a subject another post covers. Three words of its own, not one: a test that names its articles
  // alike ("… mulch guide", "… hedge guide") keeps their subjects apart by their bodies, which
  // otherwise share every word but one (on a one-post site every word weighs the same).
  const subject = [0, 100_000, 200_000].map((offset) => subjectWord(articleCounter + offset)).join(' ');
  const [row] = await t.ctx.handle.db
    .insert(articles)
    .values({
      title: `A guide to ${subjectWord(articleCounter)} soil`,
      content: goodContent(`${subject} soil`),
      status: 'draft',
      ...values,
    })
    .returning();
  return row!;
}

export async function insertImage(t: TestApp, articleId: number) {
  await t.ctx.handle.db.insert(articleImages).values({
    articleId,
    png: Buffer.from(tinyPng()).toString('base64'),
    filename: `article-${articleId}.png`,
    altText: 'Title card',
  });
}

export async function insertTrendSource(t: TestApp, articleId: number, topic: string) {
  await t.ctx.handle.db.insert(articleTrendSources).values({
    articleId,
    topic,
    description: `About ${topic}`,
    publishedDate: new Date('2026-11-01T08:00:00Z'),
    trendUrl: `https://news.example/${topic}`,
  });
}

export async function insertGenerationLog(t: TestApp, articleId: number, log: unknown) {
  await t.ctx.handle.db.insert(generationLogs).values({ articleId, log });
}

/** Many rows in one statement, created one minute apart going back from now (id n is the n-th oldest). */
export async function insertManyArticles(t: TestApp, count: number, siteIds: number[]) {
  const siteList = sql.raw(`ARRAY[${siteIds.join(',')}]::int[]`);
  await t.ctx.handle.db.execute(sql`
    INSERT INTO articles (site_id, site_name, title, status, source_urls, created_at)
    SELECT (${siteList})[1 + (i % ${siteIds.length})], 'snapshot', 'Article ' || i,
           (ARRAY['draft','review','published','scheduled','failed'])[1 + (i % 5)],
           CASE WHEN i % 3 = 0 THEN jsonb_build_array('https://news.example/' || i) ELSE '[]'::jsonb END,
           now() - ((${count} - i) * interval '1 minute')
    FROM generate_series(1, ${count}) AS i`);
}
