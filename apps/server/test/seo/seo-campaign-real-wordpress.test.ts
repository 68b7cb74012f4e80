import type { DeleteProjectResponse, OutlineData, SeoArticle, SeoPage, SeoProject } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WordPressClient } from '../../src/integrations/wordpress/index.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, realClient, runId } from '../wordpress/real-site.js';
import {
  createProject,
  expectOk,
  fieldOf,
  planProject,
  publishAndWait,
  type SeoApi,
  seoApi,
  writeArticles,
} from './seo-helpers.js';
import { extractJsonLd, h2sOf, linksOf } from './seo-html.js';
import { expectSearchEngineReadyGraph } from './seo-jsonld-checks.js';

const ARTICLES = 4;

describeRealSite('normal', 'SEO campaign on the offline writer, published to a real WordPress', (site) => {
  let t: TestApp;
  let api: SeoApi;
  let client: WordPressClient;
  let project: SeoProject;
  let outline: OutlineData;
  let articles: SeoArticle[];
  let pages: SeoPage[];
  let legalSent = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const cookie = await t.login();
    api = seoApi(t, cookie);
    client = realClient(site);
    const created = expectOk(
      await api.post('/api/sites', {
        name: `SEO ${runId}`,
        url: site.url,
        username: site.user,
        password: site.password,
      }),
      201,
    );
    project = await createProject(api, created.id as unknown as number, {
      project_name: `Campaign ${runId}`,
      niche: `${runId} pour over coffee`,
    });
  });
  afterAll(() => t?.close());

  it('plans keywords, outline and pages, then writes the articles in the background', async () => {
    outline = await planProject(api, project);
    pages = expectOk(await api.post(`/api/seo/projects/${project.id}/generate-pages`, { includeOptional: false }))
      .pages as unknown as SeoPage[];
    articles = await writeArticles(api, project, outline, ARTICLES);
    expect(articles.map((a) => a.generation_status)).toEqual(Array(ARTICLES).fill('generated'));
    for (const article of articles) {
      expect(article.word_count).toBeGreaterThan(2500 * 0.85);
      expect(article.status).toBe('draft');
    }
    expect(articles[0]).toMatchObject({ article_type: 'pillar', title: outline.pillar_posts[0]!.title });
    const state = expectOk(await api.get(`/api/seo-suite/projects/${project.id}`)) as unknown as SeoProject;
    expect(state).toMatchObject({
      current_phase: 2,
      progress_percentage: 100,
      articles_generated: ARTICLES,
      articles_in_progress: 0,
    });
  }, 180_000);

  it('optimises: meta descriptions, schema markup and at most 5 internal links per article', async () => {
    const meta = expectOk(await api.post('/api/seo-suite/generate-meta-descriptions', { project_id: project.id }));
    expect(meta.summary).toMatchObject({ articles_processed: ARTICLES });
    const schema = expectOk(
      await api.post('/api/seo-suite/generate-schema-markup', {
        project_id: project.id,
        schema_types: ['Article', 'WebPage', 'BreadcrumbList', 'Organization'],
      }),
    );
    // The test site's user is an administrator: <script> survives, so the markup is delivered.
    expect(schema.summary).toMatchObject({ delivered_in_html: true });
    expect(schema.warnings).toEqual([]);
    const tooMany = await api.post('/api/seo-suite/optimize-internal-linking', {
      project_id: project.id,
      max_links_per_article: 6,
    });
    expect(fieldOf(tooMany)).toBe('body.max_links_per_article');
    const links = expectOk(
      await api.post('/api/seo-suite/optimize-internal-linking', { project_id: project.id, max_links_per_article: 5 }),
    );
    expect(links.summary).toMatchObject({ articles_processed: ARTICLES });

    articles = expectOk(await api.get(`/api/seo-suite/articles/${project.id}`)) as unknown as SeoArticle[];
    const pillar = articles.find((a) => a.article_type === 'pillar')!;
    for (const article of articles) {
      expect(article.meta_description!.length).toBeLessThanOrEqual(160);
      expect(article.meta_description!.toLowerCase()).toContain(article.target_keywords[0]!.toLowerCase());
      expect(article.has_schema_markup).toBe(true);
      expect(article.internal_links.length).toBeGreaterThan(0);
      expect(article.internal_links.length).toBeLessThanOrEqual(5);
      expect(article.internal_links.some((l) => l.target_article_id === article.article_id)).toBe(false);
      if (article.article_type === 'cluster' && article.pillar_parent === pillar.title) {
        expect(article.internal_links[0]).toMatchObject({ target_article_id: pillar.article_id, relation: 'pillar' });
      }
    }
    const logs = expectOk(await api.get(`/api/seo-suite/logs/${project.id}`)) as unknown as {
      phase: number;
      step: string;
    }[];
    expect(
      logs
        .filter((l) => l.phase === 3 && l.step.includes('_complete'))
        .map((l) => l.step)
        .sort(),
    ).toEqual(['internal_linking_complete', 'meta_descriptions_complete', 'schema_markup_complete']);
  }, 60_000);

  it('publishes the pages, and saves privacy and terms as drafts for a legal review', async () => {
    const published = (await publishAndWait(api, project.id, 'pages', { status: 'publish' })).outcome;
    expect(published).toMatchObject({ published: pages.length, failed: 0, drafts: 0 });
    for (const result of published.results) {
      const page = await client.pages.get(result.wordpress_id!);
      expect(page.status).toBe('publish');
      const [graph] = extractJsonLd(page.content?.rendered ?? '');
      expect((graph as { '@graph': { '@type': string }[] })['@graph'].map((g) => g['@type'])).toContain('WebPage');
    }
    // Publishing again updates the same pages instead of adding new ones.
    const again = (await publishAndWait(api, project.id, 'pages', { status: 'publish' })).outcome;
    expect(again.results.map((r) => r.wordpress_id)).toEqual(published.results.map((r) => r.wordpress_id));

    expectOk(
      await api.post('/api/seo-suite/generate-site-pages', {
        project_id: project.id,
        company_name: `Pour ${runId}`,
        page_types: ['privacy', 'terms'],
      }),
    );
    const legal = (
      expectOk(await api.get(`/api/seo-suite/projects/${project.id}/site-pages`)) as unknown as SeoPage[]
    ).filter((p) => p.needs_legal_review);
    // WordPress' own Privacy Policy holds /privacy-policy/: without the operator's choice to update
    // it, ours is not added beside it (issue #18 item 5; it used to become `privacy-policy-2`).
    const wordpressOwn = await client.pages.findBySlug('privacy-policy');
    expect(wordpressOwn).not.toBeNull();
    const drafts = (
      await publishAndWait(api, project.id, 'pages', { status: 'publish', pageIds: legal.map((p) => p.id) })
    ).outcome;
    expect(drafts).toMatchObject({ published: 0, drafts: 1, skipped: 1, failed: 0 });
    expect(drafts.warnings.join(' ')).toMatch(/legal/);
    for (const result of drafts.results)
      if (result.outcome !== 'skipped') expect((await client.pages.get(result.wordpress_id!)).status).toBe('draft');
    expect(await client.pages.findBySlug('privacy-policy-2')).toBeNull();
    expect((await client.pages.get(wordpressOwn!.id)).content?.raw).toBe(wordpressOwn!.content?.raw);
    legalSent = drafts.drafts;
  }, 60_000);

  it('publishes the articles: links point at the real permalinks, none in headings, JSON-LD complete', async () => {
    const result = (await publishAndWait(api, project.id, 'articles', { status: 'publish' })).outcome;
    expect(result).toMatchObject({ published: ARTICLES, failed: 0 });
    articles = expectOk(await api.get(`/api/seo-suite/articles/${project.id}`)) as unknown as SeoArticle[];
    const permalinks = new Set(articles.map((a) => a.wordpress_permalink));
    for (const article of articles) {
      const post = await client.posts.get(article.wordpress_post_id!);
      expect(post.status).toBe('publish');
      expect(post.link).toBe(article.wordpress_permalink);
      expect(post.excerpt?.raw).toBe(article.meta_description);
      const html = post.content?.rendered ?? '';
      // Issue #18 item 8: the H2s on WordPress are the plan's, in order (the offline writer's too).
      expect(h2sOf(post.content?.raw ?? '')).toEqual(article.h2_headings);
      const internal = linksOf(html).filter((l) => l.internal);
      expect(internal.length).toBe(article.internal_links.length);
      expect(internal.length).toBeLessThanOrEqual(5);
      // Issue #18 item 9: a different anchor text for each target.
      expect(new Set(internal.map((l) => l.text.toLowerCase())).size).toBe(internal.length);
      for (const link of internal) {
        expect(link.inHeading).toBe(false);
        expect(link.nested).toBe(false);
        expect(permalinks.has(link.href)).toBe(true);
        expect(link.href).not.toBe(article.wordpress_permalink);
      }
      const blocks = extractJsonLd(html);
      expect(blocks).toHaveLength(1);
      const image = post.featured_media ? ((await client.media.get(post.featured_media)).source_url ?? null) : null;
      expectSearchEngineReadyGraph(blocks[0], article.wordpress_permalink!, {
        imageUrl: image,
        publishedGmt: post.date_gmt ?? null,
      });
      if (article.article_type === 'pillar')
        expect(image, "the campaign's articles carry a featured image").not.toBeNull();
    }
    const state = expectOk(await api.get(`/api/seo-suite/projects/${project.id}`)) as unknown as SeoProject;
    expect(state).toMatchObject({ status: 'completed', current_phase: 3, progress_percentage: 100 });
  }, 120_000);

  it('deletes the project after confirmation: its posts and pages to the WordPress trash, their images removed', async () => {
    // What is on WordPress now: the pages pushed, each post's featured image.
    const onSite = (expectOk(await api.get(`/api/seo/projects/${project.id}/pages`)) as unknown as SeoPage[]).filter(
      (p) => p.wordpress_page_id !== null,
    );
    expect(onSite).toHaveLength(pages.length + legalSent);
    const media = (
      await Promise.all(articles.map(async (a) => (await client.posts.get(a.wordpress_post_id!)).featured_media ?? 0))
    ).filter((id) => id > 0);
    const preview = expectOk(await api.get(`/api/seo-suite/delete-preview/${project.id}`));
    expect(preview.relatedData).toMatchObject({
      seo_project_articles: ARTICLES,
      generated_articles: ARTICLES,
      wordpress_posts: ARTICLES,
      wordpress_pages: pages.length + legalSent,
      wordpress_media: media.length,
    });
    const first = expectOk(
      await api.del(`/api/seo-suite/projects/${project.id}`, { deleteWordPressPosts: true }),
    ) as unknown as DeleteProjectResponse;
    expect(first.status).toBe('confirmation_required');
    if (first.status !== 'confirmation_required') return;
    const done = expectOk(
      await api.del(`/api/seo-suite/projects/${project.id}`, {
        confirmationToken: first.confirmationToken,
        deleteWordPressPosts: true,
      }),
    ) as unknown as DeleteProjectResponse;
    expect(done).toMatchObject({
      status: 'deleted',
      deleted: {
        wordpress_posts: ARTICLES,
        wordpress_pages: pages.length + legalSent,
        wordpress_media: media.length,
        generated_articles: ARTICLES,
      },
    });
    // Issue #18 item 7: the trash by default (restorable there); media has no trash and is removed.
    for (const article of articles) expect((await client.posts.get(article.wordpress_post_id!)).status).toBe('trash');
    for (const page of onSite) expect((await client.pages.get(page.wordpress_page_id!)).status).toBe('trash');
    for (const id of media) await expect(client.media.get(id)).rejects.toMatchObject({ kind: 'not_found' });
    for (const article of articles) await client.posts.delete(article.wordpress_post_id!, { force: true });
    for (const page of onSite) await client.pages.delete(page.wordpress_page_id!, { force: true });
    expect((await api.get(`/api/seo-suite/projects/${project.id}`)).statusCode).toBe(404);
    for (const article of articles) expect((await api.get(`/api/articles/${article.article_id}`)).statusCode).toBe(404);
  }, 60_000);
});
