import type { Article, ArticleListResponse, ArticlePublishResult, QualityReport } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WordPressClient } from '../../src/integrations/wordpress/index.js';
import { generate, manualPayload } from '../manual/manual-helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { addRealSite, describeRealSite, listDirect, realClient, runId } from '../wordpress/real-site.js';
import { publish } from './publish-helpers.js';

/*
 * Issue #18 item 3: an article the offline writer wrote (no model) is demonstration text. It says
 * so (the list's `demo`, a warning in its quality report), and publishing it live by hand asks
 * first, the way the quality gate's "Publish anyway?" does; a draft goes without asking.
 */
describeRealSite('normal', 'articles written by the offline writer on the real WordPress', (site) => {
  let t: TestApp;
  let cookie: string;
  let wp: WordPressClient;
  let siteId: number;
  const postIds = new Set<number>();

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    wp = realClient(site);
    siteId = await addRealSite(t, cookie, site, `Demo ${runId}`);
  }, 60_000);
  afterAll(async () => {
    for (const id of postIds) await wp.posts.delete(id).catch(() => undefined);
    await t?.close();
  });

  const get = async <T>(url: string) => (await t.request({ method: 'GET', url, cookie })).json<T>();
  const write = async (topic: string): Promise<Article> => {
    const res = await generate(
      t,
      cookie,
      manualPayload(siteId, `${topic} ${runId}`, { includeImages: false, wordCount: 500 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    return get<Article>(`/api/articles/${res.json<{ data: { article_id: number } }>().data.article_id}`);
  };
  const postsTitled = async (title: string) =>
    (
      (await listDirect(site, `wp/v2/posts?status=any&context=edit&search=${encodeURIComponent(title)}`)) as {
        id: number;
        status: string;
        title: { raw: string };
      }[]
    ).filter((p) => p.title.raw === title);

  it('says it is demo text: in the list and in its quality report', async () => {
    const article = await write('Demo chip compost tea');
    if (article.wordpress_post_id) postIds.add(article.wordpress_post_id);
    expect(article.demo).toBe(true);
    const finding = (article.quality_report as QualityReport).warnings.find((w) => w.rule === 'offline_writer');
    expect(finding?.message).toMatch(/^Written by the offline writer, no model/);
    expect((article.quality_report as QualityReport).blocking).toBe(false);
    const list = await get<ArticleListResponse>(`/api/articles?site_id=${siteId}&limit=100`);
    expect(list.items.find((i) => i.id === article.id)?.demo).toBe(true);
  }, 60_000);

  it('published live by hand only once the operator confirms; WordPress keeps it a draft until then', async () => {
    const article = await write('Demo live pruning roses');
    expect(
      (await t.request({ method: 'PUT', url: `/api/articles/${article.id}`, cookie, payload: { status: 'published' } }))
        .statusCode,
    ).toBe(200);

    const asked = await publish(t, cookie, article.id);
    expect(asked.statusCode).toBe(409);
    const body = asked.json<{ code: string; details: { quality_report: QualityReport } }>();
    expect(body.code).toBe('quality_gate');
    expect(body.details.quality_report.issues).toEqual([
      expect.objectContaining({ rule: 'offline_writer', severity: 'severe' }),
    ]);
    // The manual form sent it as a WordPress draft; it stays one until the operator confirms.
    const before = await postsTitled(article.title);
    for (const post of before) postIds.add(post.id);
    expect(before.map((p) => p.status)).toEqual(['draft']);
    expect((await get<Article>(`/api/articles/${article.id}`)).status).toBe('published');

    const confirmed = await publish(t, cookie, article.id, { force_publish: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const result = confirmed.json<ArticlePublishResult>();
    postIds.add(result.wordpress_post_id);
    expect(result).toMatchObject({ forced: true, wordpress_status: 'publish' });
    const post = await wp.posts.get(result.wordpress_post_id);
    expect(post.status).toBe('publish');
    expect(post.title?.raw).toBe(article.title);
    expect((await postsTitled(article.title)).map((p) => [p.id, p.status])).toEqual([[before[0]!.id, 'publish']]);
  }, 60_000);

  it('goes to WordPress as a draft without asking, its report keeping the warning', async () => {
    // (The manual form already sent it as a draft; publishing again updates that post.)
    const article = await write('Demo draft seed saving');
    const res = await publish(t, cookie, article.id, { send_as: 'draft' });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<ArticlePublishResult>();
    postIds.add(result.wordpress_post_id);
    expect(result).toMatchObject({ forced: false, wordpress_status: 'draft' });
    expect(result.quality_report.warnings.map((w) => w.rule)).toContain('offline_writer');
    expect((await wp.posts.get(result.wordpress_post_id)).status).toBe('draft');
  }, 60_000);
});
