import type { BacklinkProposal, BacklinkProposalList, LinkReport } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, realClient, runId } from '../wordpress/real-site.js';
import { addSite, syncContentAndWait } from './inventory-helpers.js';
import { WordPressSeed } from './wordpress-seed.js';

describeRealSite('normal', "a site's link report: internal links in and out, orphan posts (real WordPress)", (site) => {
  const seed = new WordPressSeed(site);
  let t: TestApp;
  let cookie: string;
  let siteId: number;
  const ids: Record<'hub' | 'target' | 'lonely' | 'mulch' | 'feeding' | 'relativeHub' | 'byPath' | 'byId', number> = {
    hub: 0,
    target: 0,
    lonely: 0,
    mulch: 0,
    feeding: 0,
    relativeHub: 0,
    byPath: 0,
    byId: 0,
  };
  // A made-up fruit, so that only this suite's posts are on its subject.
  const FRUIT = `${runId.replace(/[^a-z]/g, '')}berry`;
  const feedingContent = `<p>Feed the canes in spring.</p>\n<p>Mulching ${FRUIT} canes in autumn keeps their roots warm &amp; moist.</p>`;

  beforeAll(async () => {
    const [target0, lonely] = await seed.createPosts([
      { title: `Link target ${runId}`, status: 'publish', content: '<p>Linked to from the hub.</p>' },
      { title: `Lonely post ${runId}`, status: 'publish', content: '<p>Nothing links here.</p>' },
    ]);
    ids.target = target0!;
    ids.lonely = lonely!;
    const target = await seed.rest<{ link: string }>('GET', `wp/v2/posts/${ids.target}`);
    // The hub links to the target twice (counted once), to itself, and to another site (not counted).
    const [hub] = await seed.createPosts([
      {
        title: `Link hub ${runId}`,
        status: 'publish',
        content: `<p>See <a href="${target.link}">the target</a> and <a href="${target.link}#part">its part</a>.</p><p><a href="https://example.org/elsewhere/">Elsewhere</a>.</p>`,
      },
    ]);
    ids.hub = hub!;
    // Relative links, as editors and plugins write them: by path ("/slug/") and by id ("?p=123").
    const [byPath, byId] = await seed.createPosts([
      { title: `Linked by path ${runId}`, status: 'publish', content: '<p>Linked to by a relative path.</p>' },
      { title: `Linked by id ${runId}`, status: 'publish', content: '<p>Linked to by its id.</p>' },
    ]);
    ids.byPath = byPath!;
    ids.byId = byId!;
    const pathTarget = await seed.rest<{ link: string }>('GET', `wp/v2/posts/${ids.byPath}`);
    const [relativeHub] = await seed.createPosts([
      {
        title: `Relative hub ${runId}`,
        status: 'publish',
        content: `<p>See <a href="${new URL(pathTarget.link).pathname}">by path</a> and <a href="?p=${ids.byId}">by id</a>.</p>`,
      },
    ]);
    ids.relativeHub = relativeHub!;
    // An orphan on the fruit, and an older post on the fruit that names it without linking to it.
    const [mulch, feeding] = await seed.createPosts([
      {
        title: `Mulching ${FRUIT} canes in autumn`,
        status: 'publish',
        content: `<p>Straw or bark around ${FRUIT} canes after the leaves fall.</p>`,
      },
      { title: `Feeding ${FRUIT} plants`, status: 'publish', content: feedingContent },
    ]);
    ids.mulch = mulch!;
    ids.feeding = feeding!;
    t = await createTestApp();
    cookie = await t.login();
    siteId = await addSite(t, cookie, `Link report ${runId}`, site);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await seed.deletePosts(Object.values(ids)).catch(() => undefined);
  });

  it('counts links between posts from the synced content, and lists the posts nothing links to', async () => {
    await syncContentAndWait(t, cookie, siteId);
    const res = await t.request({ method: 'GET', url: `/api/sites/${siteId}/inventory/links`, cookie });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<LinkReport>();
    const post = (id: number) => report.posts.find((p) => p.wp_id === id);
    expect(post(ids.hub)).toMatchObject({ links_out: 1, links_in: 0 });
    expect(post(ids.target)).toMatchObject({ links_out: 0, links_in: 1 });
    expect(post(ids.lonely)).toMatchObject({ links_out: 0, links_in: 0 });
    const orphans = report.orphans.map((p) => p.wp_id);
    expect(orphans).toContain(ids.lonely);
    expect(orphans).toContain(ids.hub);
    expect(orphans).not.toContain(ids.target);
    // Relative links count, resolved against the site's address.
    expect(post(ids.relativeHub)).toMatchObject({ links_out: 2, links_in: 0 });
    expect(post(ids.byPath)).toMatchObject({ links_out: 0, links_in: 1 });
    expect(post(ids.byId)).toMatchObject({ links_out: 0, links_in: 1 });
    expect(orphans).not.toContain(ids.byPath);
    expect(orphans).not.toContain(ids.byId);
    expect(report.posts_scanned).toBeGreaterThanOrEqual(3);
    expect(report.capped).toBe(false);
    expect(report.synced_at).not.toBeNull();
  }, 90_000);

  it('"Link orphan posts" proposes a link to an orphan from a post on its subject, which is applied on WordPress and undone', async () => {
    await syncContentAndWait(t, cookie, siteId);
    const res = await t.request({ method: 'POST', url: `/api/sites/${siteId}/link-proposals`, cookie });
    expect(res.statusCode, res.body).toBe(200);
    const proposal = res.json<BacklinkProposalList>().items.find((item) => item.target_post_id === ids.mulch);
    expect(proposal, res.body).toMatchObject({
      article_id: null,
      source_post_id: ids.feeding,
      paragraph_index: 1,
      state: 'proposed',
    });
    expect(proposal!.anchor).toContain(FRUIT);
    const listed = await t.request({ method: 'GET', url: `/api/sites/${siteId}/link-proposals`, cookie });
    expect(listed.json<BacklinkProposalList>().items.map((item) => item.id)).toContain(proposal!.id);

    const client = realClient(site);
    const before = (await client.posts.get(ids.feeding)).content?.raw ?? '';
    const applied = await t.request({ method: 'POST', url: `/api/backlinks/${proposal!.id}/apply`, cookie });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<BacklinkProposal>().state).toBe('applied');
    const linked = (await client.posts.get(ids.feeding)).content?.raw ?? '';
    expect(linked).toBe(before.replace(proposal!.anchor, `<a href="${proposal!.target_link}">${proposal!.anchor}</a>`));
    const undone = await t.request({ method: 'POST', url: `/api/backlinks/${proposal!.id}/undo`, cookie });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await client.posts.get(ids.feeding)).content?.raw).toBe(before);
  }, 120_000);

  it('answers 404 for a site that does not exist and 400 for an id that is not one', async () => {
    expect((await t.request({ method: 'GET', url: '/api/sites/999999/inventory/links', cookie })).statusCode).toBe(404);
    const bad = await t.request({ method: 'GET', url: '/api/sites/abc/inventory/links', cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id');
    expect((await t.request({ method: 'POST', url: '/api/sites/999999/link-proposals', cookie })).statusCode).toBe(404);
  });
});
