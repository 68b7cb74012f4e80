import type { DeleteProjectResponse, PageSlugConflict, SeoPage, SeoProject } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WordPressClient, WpPost } from '../../src/integrations/wordpress/index.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, realClient, runId } from '../wordpress/real-site.js';
import { createProject, expectOk, fieldOf, planProject, publishAndWait, type SeoApi, seoApi } from './seo-helpers.js';

/**
 * Issue #18 item 5: a page the project publishes never lands beside the site's own page at the
 * same address (WordPress would call it `about-2`). The site's page is looked up first; one that
 * is not live may be updated instead, when the operator chooses so; a live one is left alone.
 */
describeRealSite('normal', 'SEO pages at an address the real WordPress already uses', (site) => {
  let t: TestApp;
  let api: SeoApi;
  let client: WordPressClient;
  let project: SeoProject;
  let chosen: SeoPage[];
  let siteDraft: WpPost;
  let siteLive: WpPost;
  const created: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    api = seoApi(t, await t.login());
    client = realClient(site);
    const added = expectOk(
      await api.post('/api/sites', {
        name: `Slugs ${runId}`,
        url: site.url,
        username: site.user,
        password: site.password,
      }),
      201,
    );
    project = await createProject(api, added.id as unknown as number, {
      project_name: `Slugs ${runId}`,
      niche: `${runId} loose leaf tea`,
    });
    await planProject(api, project);
    const pages = expectOk(await api.post(`/api/seo/projects/${project.id}/generate-pages`, { includeOptional: true }))
      .pages as unknown as SeoPage[];
    // The optional pages: no other suite publishes at these addresses; a leftover of an aborted run is cleared first.
    chosen = ['resources', 'faq', 'blog'].map((type) => pages.find((p) => p.page_type === type)!);
    expect(chosen.every(Boolean)).toBe(true);
    for (const hub of chosen)
      for (let left = await client.pages.findBySlug(hub.slug); left; left = await client.pages.findBySlug(hub.slug))
        await client.pages.delete(left.id);
    // The site's own pages at two of those addresses: a draft and a live one.
    siteDraft = await client.pages.create({
      title: 'Notes for a hub',
      content: '<p>The site owner wrote this draft.</p>',
      status: 'draft',
      slug: chosen[0]!.slug,
    });
    siteLive = await client.pages.create({
      title: 'Our live hub',
      content: '<p>The site owner published this.</p>',
      status: 'publish',
      slug: chosen[1]!.slug,
    });
    created.push(siteDraft.id, siteLive.id);
  });

  afterAll(async () => {
    for (const id of created) await client?.pages.delete(id).catch(() => undefined);
    await t?.close();
  });

  const onSite = async (slug: string) => (await client.pages.findBySlug(slug)) ?? null;

  it("lists the addresses the site already uses before publishing, with the site's page and whether it is live", async () => {
    const conflicts = expectOk(
      await api.get(`/api/seo/projects/${project.id}/page-conflicts`),
    ) as unknown as PageSlugConflict[];
    const bySlug = new Map(conflicts.map((c) => [c.slug, c]));
    expect(bySlug.get(chosen[0]!.slug)).toMatchObject({
      page_id: chosen[0]!.id,
      live: false,
      existing: { id: siteDraft.id, title: 'Notes for a hub', status: 'draft' },
    });
    expect(bySlug.get(chosen[1]!.slug)).toMatchObject({
      page_id: chosen[1]!.id,
      live: true,
      existing: { id: siteLive.id, title: 'Our live hub', status: 'publish' },
    });
    expect(bySlug.has(chosen[2]!.slug)).toBe(false);

    // WordPress' own Privacy Policy (a draft on every new site) is found the same way.
    expectOk(
      await api.post('/api/seo-suite/generate-site-pages', {
        project_id: project.id,
        company_name: `Tea ${runId}`,
        page_types: ['privacy'],
      }),
    );
    const withLegal = expectOk(
      await api.get(`/api/seo/projects/${project.id}/page-conflicts`),
    ) as unknown as PageSlugConflict[];
    const wordpressOwn = await onSite('privacy-policy');
    expect(wordpressOwn).not.toBeNull();
    expect(withLegal.find((c) => c.slug === 'privacy-policy')).toMatchObject({
      live: false,
      existing: { id: wordpressOwn!.id },
    });
  });

  it("without a choice, adds nothing beside the site's pages and says so per page", async () => {
    const run = await publishAndWait(api, project.id, 'pages', { status: 'publish', pageIds: chosen.map((h) => h.id) });
    expect(run.outcome).toMatchObject({ published: 1, skipped: 2, failed: 0 });
    const [draft, live, free] = run.outcome.results;
    expect(draft).toMatchObject({ outcome: 'skipped', wordpress_id: null });
    expect(draft!.error).toBe(
      `The site already has a page at /${chosen[0]!.slug}/ (“Notes for a hub”, draft): nothing was added beside it. Publish again and choose to update the site's page.`,
    );
    expect(live!.error).toBe(
      `The site already has a page at /${chosen[1]!.slug}/ (“Our live hub”, publish): it is public and stays as it is; nothing was added beside it.`,
    );
    expect(free).toMatchObject({ outcome: 'published' });
    created.push(free!.wordpress_id!);

    // What WordPress holds: no `-2` page, the site's pages as they were.
    for (const hub of chosen.slice(0, 2)) expect(await onSite(`${hub.slug}-2`)).toBeNull();
    expect((await client.pages.get(siteDraft.id)).content?.raw).toBe('<p>The site owner wrote this draft.</p>');
    const stillLive = await client.pages.get(siteLive.id);
    expect(stillLive).toMatchObject({
      status: 'publish',
      content: expect.objectContaining({ raw: '<p>The site owner published this.</p>' }),
    });
    const pages = expectOk(await api.get(`/api/seo/projects/${project.id}/pages`)) as unknown as SeoPage[];
    expect(pages.find((p) => p.id === chosen[0]!.id)).toMatchObject({ status: 'generated', wordpress_page_id: null });
  }, 60_000);

  it("updates the site's draft at the address when chosen; a live page is never overwritten", async () => {
    const stranger = await api.post(`/api/seo/projects/${project.id}/publish-pages`, {
      status: 'publish',
      pageIds: [chosen[0]!.id],
      updateExisting: [chosen[1]!.id],
    });
    expect(stranger.statusCode).toBe(400);
    expect(fieldOf(stranger)).toBe('updateExisting');

    const run = await publishAndWait(api, project.id, 'pages', {
      status: 'publish',
      pageIds: [chosen[0]!.id, chosen[1]!.id],
      updateExisting: [chosen[0]!.id, chosen[1]!.id],
    });
    expect(run.outcome).toMatchObject({ published: 1, skipped: 1, failed: 0 });
    expect(run.outcome.results[0]).toMatchObject({ outcome: 'published', wordpress_id: siteDraft.id });
    const taken = await client.pages.get(siteDraft.id);
    expect(taken.status).toBe('publish');
    expect(taken.slug).toBe(chosen[0]!.slug);
    expect(taken.title?.raw).toBe(chosen[0]!.page_title);
    expect(await onSite(`${chosen[0]!.slug}-2`)).toBeNull();
    expect((await client.pages.get(siteLive.id)).content?.raw).toBe('<p>The site owner published this.</p>');

    // The page is now the project's: it has no conflict left, and publishing again updates it.
    const conflicts = expectOk(
      await api.get(`/api/seo/projects/${project.id}/page-conflicts`),
    ) as unknown as PageSlugConflict[];
    expect(conflicts.map((c) => c.page_id)).not.toContain(chosen[0]!.id);
    const again = await publishAndWait(api, project.id, 'pages', { status: 'publish', pageIds: [chosen[0]!.id] });
    expect(again.outcome.results[0]).toMatchObject({ outcome: 'published', wordpress_id: siteDraft.id });
  }, 60_000);

  it("deletes the project's pages for good when asked to skip the trash (issue #18 item 7)", async () => {
    const pages = (expectOk(await api.get(`/api/seo/projects/${project.id}/pages`)) as unknown as SeoPage[]).filter(
      (p) => p.wordpress_page_id !== null,
    );
    expect(pages.length).toBe(2);
    const first = expectOk(
      await api.del(`/api/seo-suite/projects/${project.id}`, { deleteWordPressPosts: true, deletePermanently: true }),
    ) as unknown as DeleteProjectResponse;
    if (first.status !== 'confirmation_required') throw new Error('a confirmation was expected');
    const done = expectOk(
      await api.del(`/api/seo-suite/projects/${project.id}`, {
        confirmationToken: first.confirmationToken,
        deleteWordPressPosts: true,
        deletePermanently: true,
      }),
    );
    expect(done).toMatchObject({ status: 'deleted', deleted: { wordpress_pages: 2, wordpress_posts: 0 } });
    for (const page of pages)
      await expect(client.pages.get(page.wordpress_page_id!)).rejects.toMatchObject({ kind: 'not_found' });
  }, 60_000);
});
