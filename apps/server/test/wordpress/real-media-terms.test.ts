import { afterAll, expect, it } from 'vitest';
import { tinyPng } from '../../src/integrations/wordpress/tiny-png.js';
import { describeRealSite, realClient, runId } from './real-site.js';

describeRealSite('normal', 'real WordPress: media, featured image and terms', (site) => {
  const wp = realClient(site);
  const leftovers: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of leftovers.reverse()) await cleanup().catch(() => undefined);
  });

  it.each(['raw', 'multipart'] as const)('uploads an image as %s, with alt text, and deletes it', async (mode) => {
    const media = await wp.media.upload(
      {
        data: tinyPng(12),
        filename: `abp-${mode}-${runId}.png`,
        mimeType: 'image/png',
        altText: `alt ${mode}`,
        title: `Image ${mode}`,
      },
      { mode },
    );
    leftovers.push(() => wp.media.delete(media.id));
    expect(media).toMatchObject({ mime_type: 'image/png', alt_text: `alt ${mode}`, title: { raw: `Image ${mode}` } });
    const file = await fetch(media.source_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('image/png');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(1, 4)
        .toString('ascii'),
    ).toBe('PNG');

    await wp.media.delete(media.id);
    await expect(wp.media.get(media.id)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('sets a featured image on a post', async () => {
    const media = await wp.media.upload({
      data: tinyPng(),
      filename: `abp-featured-${runId}.png`,
      mimeType: 'image/png',
    });
    leftovers.push(() => wp.media.delete(media.id));
    const post = await wp.posts.create({ title: 'Featured', content: '<p>x</p>', status: 'draft' });
    leftovers.push(() => wp.posts.delete(post.id));
    const updated = await wp.setFeaturedMedia(post.id, media.id);
    expect(updated.featured_media).toBe(media.id);
    expect((await wp.posts.get(post.id)).featured_media).toBe(media.id);
  });

  it('getOrCreate on a tag twice returns the same id (the term_exists path)', async () => {
    const name = `abp tag ${runId}`;
    const first = await wp.tags.getOrCreate(name);
    leftovers.push(() => wp.tags.delete(first.term.id));
    const second = await wp.tags.getOrCreate(name);
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ created: false, term: { id: first.term.id, name } });
  });

  it('getOrCreate on a category under a parent', async () => {
    const parent = await wp.categories.getOrCreate(`abp parent ${runId}`);
    leftovers.push(() => wp.categories.delete(parent.term.id));
    const child = await wp.categories.getOrCreate(`abp child ${runId}`, { parent: parent.term.id });
    leftovers.push(() => wp.categories.delete(child.term.id));
    expect(child.term.parent).toBe(parent.term.id);
    expect((await wp.categories.getOrCreate(`abp child ${runId}`, { parent: parent.term.id })).term.id).toBe(
      child.term.id,
    );
  });

  it('lists every category across pages (X-WP-TotalPages), small per_page to force paging', async () => {
    const names = [1, 2, 3, 4, 5].map((n) => `abp page ${runId} ${n}`);
    const ids: number[] = [];
    for (const name of names) {
      const { term } = await wp.categories.getOrCreate(name);
      ids.push(term.id);
      leftovers.push(() => wp.categories.delete(term.id));
    }
    const onePage = await wp.categories.list({ perPage: 2, maxPages: 1 });
    const paged = await wp.categories.list({ perPage: 2 });
    const all = await wp.categories.list();
    expect(onePage).toHaveLength(2);
    expect(paged.length).toBeGreaterThanOrEqual(6); // Uncategorized + 5
    expect(paged.map((t) => t.id)).toEqual(all.map((t) => t.id));
    expect(paged.map((t) => t.id)).toEqual(expect.arrayContaining(ids));
    expect(new Set(paged.map((t) => t.id)).size).toBe(paged.length); // no term twice across pages
  });
});
