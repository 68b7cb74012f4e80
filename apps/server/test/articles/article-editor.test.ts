import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteInventorySyncs, siteInventoryTerms } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { insertArticle, insertSite } from './article-fixtures.js';

/** Issue #37: the editor's fields (SEO, categories, tags), its preview and the list's text search. */
let t: TestApp;
let cookie: string;
let siteId: number;

const put = (id: number, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/articles/${id}`, cookie, payload });

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  siteId = (await insertSite(t, { name: 'Editor site' })).id;
  // A synced inventory with two categories and a tag: only those categories may be chosen.
  await t.ctx.handle.db
    .insert(siteInventorySyncs)
    .values({ siteId, state: 'succeeded', trigger: 'manual', lastSuccessAt: new Date() });
  await t.ctx.handle.db.insert(siteInventoryTerms).values([
    { siteId, taxonomy: 'category', wpId: 3, name: 'Soil', slug: 'soil' },
    { siteId, taxonomy: 'category', wpId: 7, name: 'Tools', slug: 'tools' },
    { siteId, taxonomy: 'tag', wpId: 11, name: 'compost', slug: 'compost' },
  ]);
});
afterAll(async () => t.close());

describe('PUT /api/articles/{id}: the editor fields', () => {
  it('stores meta description, slug, focus keyword, categories and tags, and reads them back', async () => {
    const article = await insertArticle(t, { siteId, keywords: ['clay soil', 'drainage'] });
    const res = await put(article.id, {
      meta_description: '  How to loosen clay &amp; loam.  ',
      slug: 'loosen-clay-soil',
      focus_keyword: 'heavy clay',
      category_ids: [7, 3, 7],
      tags: ['Compost', 'raised beds'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      meta_description: 'How to loosen clay & loam.',
      slug: 'loosen-clay-soil',
      focus_keyword: 'heavy clay',
      keywords: ['heavy clay', 'drainage'],
      category_ids: [7, 3],
      tags: ['compost', 'raised beds'],
      live_post_update: null,
    });
    const read = (await t.request({ method: 'GET', url: `/api/articles/${article.id}`, cookie })).json();
    expect(read).toMatchObject({ slug: 'loosen-clay-soil', category_ids: [7, 3], focus_keyword: 'heavy clay' });

    const cleared = await put(article.id, { slug: '', meta_description: '' });
    expect(cleared.json()).toMatchObject({ slug: null, meta_description: null });
  });

  it.each([
    [
      { slug: 'Clay Soil' },
      'slug',
      'use lower-case letters, digits and single hyphens between them (like my-first-post)',
    ],
    [
      { slug: 'clay--soil' },
      'slug',
      'use lower-case letters, digits and single hyphens between them (like my-first-post)',
    ],
    [{ slug: '-clay' }, 'slug', 'use lower-case letters, digits and single hyphens between them (like my-first-post)'],
    [{ meta_description: 'x'.repeat(321) }, 'meta_description', 'must be at most 320 characters'],
    [{ tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'tags', 'at most 5 tags'],
    [{ tags: ['ok tag', '!!'] }, 'tags.1', 'must be a phrase with letters (at most 40 characters, 5 words)'],
    [{ category_ids: [0] }, 'category_ids.0', 'must be a category id'],
    [{ category_ids: [3, 99] }, 'category_ids.1', 'category 99 is not one of the site'],
    [{ focus_keyword: 'anything' }, 'focus_keyword', 'this article has no keywords, so no focus keyword'],
  ])('%j is a 400 naming %s', async (payload, field, message) => {
    const article = await insertArticle(t, { siteId });
    const res = await put(article.id, payload);
    expect(res.statusCode, res.body).toBe(400);
    const details = res.json().details as Array<{ field: string; message: string }>;
    const problem = details.find((d) => d.field === field || d.field === `body.${field}`);
    expect(problem?.message, res.body).toContain(message);
  });
});

describe('a live post needs the confirmation flag', () => {
  it('answers 409 naming update_live_post for a change of what the live post shows; a status-only save passes', async () => {
    const article = await insertArticle(t, {
      siteId,
      status: 'published',
      wordpressPostId: 501,
      wordpressStatus: 'publish',
    });
    for (const payload of [
      { title: 'Another title' },
      { tags: ['new tag'] },
      { category_ids: [3] },
      { slug: 'new-slug' },
    ]) {
      const res = await put(article.id, payload);
      expect(res.statusCode, `${JSON.stringify(payload)} ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'live_post_confirmation_required',
        error:
          'This article is live on Editor site. Saving updates the published post. Send update_live_post: true to save and update it.',
        details: [{ field: 'update_live_post', message: 'is required to change a live post' }],
      });
    }
    // The same values as stored change nothing on the post: no confirmation.
    expect((await put(article.id, { title: article.title, status: 'published' })).statusCode).toBe(200);
  });
});

describe('POST /api/articles/{id}/preview', () => {
  it('returns the body as publishing sanitises it, without storing anything', async () => {
    const article = await insertArticle(t, { siteId, featuredImageUrl: 'https://example.com/i.png' });
    const res = await t.request({
      method: 'POST',
      url: `/api/articles/${article.id}/preview`,
      cookie,
      payload: {
        title: 'Preview &amp; more',
        content:
          '<p onclick="x()">Hello</p><script>alert(1)</script><img src="https://example.com/a.png" onerror="y()">',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      title: 'Preview & more',
      featured_image_url: 'https://example.com/i.png',
      site_name: 'Editor site',
    });
    expect(body.content).toContain('Hello');
    expect(body.content).not.toMatch(/script|onclick|onerror/);
    const stored = (await t.request({ method: 'GET', url: `/api/articles/${article.id}`, cookie })).json();
    expect(stored.title).toBe(article.title);
  });

  it('answers 400 naming the field for a missing body part', async () => {
    const article = await insertArticle(t, { siteId });
    const res = await t.request({
      method: 'POST',
      url: `/api/articles/${article.id}/preview`,
      cookie,
      payload: { title: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().details)).toContain('content');
  });
});

describe('GET /api/articles?q=: text search', () => {
  it('finds every word in the title or the keywords, case ignored, with its total', async () => {
    const other = (await insertSite(t, { name: 'Search site' })).id;
    const a = await insertArticle(t, { siteId: other, title: 'Heavy Clay: a field guide', keywords: ['drainage'] });
    const b = await insertArticle(t, {
      siteId: other,
      title: 'Raised beds',
      keywords: ['clay pots', 'Drainage holes'],
    });
    await insertArticle(t, { siteId: other, title: 'Sandy soil', keywords: ['sand'] });
    await insertArticle(t, { siteId: other, title: '100% off_cuts', keywords: [] });
    const search = async (q: string) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/articles?site_id=${other}&q=${encodeURIComponent(q)}`,
        cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: Array<{ id: number }>; total: number }>();
    };
    const clay = await search('CLAY');
    expect(clay.items.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
    expect(clay.total).toBe(2);
    expect((await search('clay drainage')).total).toBe(2);
    expect((await search('clay holes')).items.map((i) => i.id)).toEqual([b.id]);
    // LIKE's wildcards are ordinary characters here.
    expect((await search('%')).total).toBe(1);
    expect((await search('o_f')).total).toBe(0);
    expect((await search('   ')).total).toBe(4);
  });

  it('answers 400 naming q when it is too long', async () => {
    const res = await t.request({ method: 'GET', url: `/api/articles?q=${'a'.repeat(201)}`, cookie });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().details)).toContain('q');
  });
});
