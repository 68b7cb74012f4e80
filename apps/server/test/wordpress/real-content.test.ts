import { afterAll, expect, it } from 'vitest';
import type { WordPressError } from '../../src/integrations/wordpress/index.js';
import { describeRealSite, realClient, runId } from './real-site.js';

const expectKind = (kind: WordPressError['kind']) => expect.objectContaining({ name: 'WordPressError', kind });

describeRealSite('normal', 'real WordPress: discovery, users/me, posts and pages', (site) => {
  const wp = realClient(site);
  const leftovers: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    // Whatever an assertion broke, nothing this suite created stays on the site.
    for (const cleanup of leftovers) await cleanup().catch(() => undefined);
  });

  it('discovers /wp-json/ and sees application passwords advertised', async () => {
    const found = await wp.discover();
    expect(found).toMatchObject({
      restRoot: `${site.url}/wp-json/`,
      method: 'wp-json',
      applicationPasswordsAdvertised: true,
    });
    expect(found.namespaces).toContain('wp/v2');
  });

  it('reads users/me with roles and capabilities, with the password spaced or not', async () => {
    const spaced = site.password.replace(/(.{4})(?=.)/g, '$1 ');
    expect(spaced).toContain(' ');
    for (const password of [site.password, spaced]) {
      const me = await realClient(site, { applicationPassword: password }).getCurrentUser();
      expect(me.username).toBe(site.user);
      expect(me.roles).toContain('administrator');
      expect(me.capabilities).toMatchObject({
        publish_posts: true,
        upload_files: true,
        publish_pages: true,
        unfiltered_html: true,
      });
    }
  });

  it('creates, reads, finds (any status), updates and deletes a post', async () => {
    const slug = `abp-post-${runId}`;
    const marker = `post-${runId}`;
    const created = await wp.posts.create({
      title: 'Client test post',
      content: '<h2>Intro</h2><p>Hello <strong>world</strong></p>',
      excerpt: 'short',
      status: 'draft',
      slug,
      marker,
    });
    leftovers.push(() => wp.posts.delete(created.id));
    expect(created).toMatchObject({ status: 'draft', slug, type: 'post' });

    const read = await wp.posts.get(created.id);
    expect(read.content?.raw).toContain(`<!-- abp:ref:${marker} -->`);
    expect((await wp.posts.findBySlug(slug))?.id).toBe(created.id); // a draft: needs status=any
    expect((await wp.posts.findByMarker(marker))?.id).toBe(created.id);
    expect(await wp.posts.findByMarker(`${marker}-other`)).toBeNull();

    const updated = await wp.posts.update(created.id, { title: 'Client test post (edited)', status: 'publish' });
    expect(updated).toMatchObject({ status: 'publish', slug, title: { raw: 'Client test post (edited)' } });
    expect(updated.link).toContain(slug);

    await wp.posts.delete(created.id, { force: false });
    expect((await wp.posts.get(created.id)).status).toBe('trash');
    expect(await wp.posts.findBySlug(slug)).toBeNull(); // status=any leaves the trash out
    await wp.posts.delete(created.id);
    await expect(wp.posts.get(created.id)).rejects.toEqual(expectKind('not_found'));
  });

  it('does the same for a page', async () => {
    const slug = `abp-page-${runId}`;
    const page = await wp.pages.create({
      title: 'Client test page',
      content: '<p>Page</p>',
      status: 'publish',
      slug,
      marker: `page-${runId}`,
    });
    leftovers.push(() => wp.pages.delete(page.id));
    expect(page).toMatchObject({ type: 'page', status: 'publish', slug });
    expect((await wp.pages.findBySlug(slug))?.id).toBe(page.id);
    expect((await wp.pages.findByMarker(`page-${runId}`))?.id).toBe(page.id);
    expect((await wp.pages.update(page.id, { content: '<p>Changed</p>' })).content?.raw).toBe('<p>Changed</p>');
    expect((await wp.pages.get(page.id)).title?.raw).toBe('Client test page');
    await wp.pages.delete(page.id);
    await expect(wp.pages.get(page.id)).rejects.toEqual(expectKind('not_found'));
  });

  it('reports not_found for a post that does not exist', async () => {
    await expect(wp.posts.get(987654321)).rejects.toEqual(
      expect.objectContaining({ kind: 'not_found', status: 404, wpCode: 'rest_post_invalid_id' }),
    );
  });
});
