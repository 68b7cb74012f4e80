import type { LinkReport } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, runId } from '../wordpress/real-site.js';
import { addSite, syncContentAndWait } from './inventory-helpers.js';
import { WordPressSeed } from './wordpress-seed.js';

describeRealSite('normal', "a site's link report: internal links in and out, orphan posts (real WordPress)", (site) => {
  const seed = new WordPressSeed(site);
  let t: TestApp;
  let cookie: string;
  let siteId: number;
  const ids: Record<'hub' | 'target' | 'lonely', number> = { hub: 0, target: 0, lonely: 0 };

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
    expect(report.posts_scanned).toBeGreaterThanOrEqual(3);
    expect(report.capped).toBe(false);
    expect(report.synced_at).not.toBeNull();
  }, 90_000);

  it('answers 404 for a site that does not exist and 400 for an id that is not one', async () => {
    expect((await t.request({ method: 'GET', url: '/api/sites/999999/inventory/links', cookie })).statusCode).toBe(404);
    const bad = await t.request({ method: 'GET', url: '/api/sites/abc/inventory/links', cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id');
  });
});
