import type { RefreshList } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_LINK_CHECK_OPTIONS } from '../../src/modules/refresh/link-checker.js';
import { at, testNetwork } from '../outbound/test-network.js';
import { addSite, syncContentAndWait } from '../site-inventory/inventory-helpers.js';
import { WordPressSeed } from '../site-inventory/wordpress-seed.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, runId } from '../wordpress/real-site.js';
import { startLinkServer } from './link-servers.js';

const WORD = `scope${runId.replace(/[^a-z]/g, '')}`;

/*
 * REFRESH_LINK_CHECK_SCOPE=site (the end-to-end run on the shared WordPress): only the links to the
 * site's own address are checked; a link to another host is never requested.
 */
describeRealSite('normal', 'refresh link check scope "site": only links to the site itself', (site) => {
  const seed = new WordPressSeed(site);
  let t: TestApp;
  let cookie: string;
  let siteId: number;
  let links: Awaited<ReturnType<typeof startLinkServer>>;
  let postId: number;
  const ownGone = `${site.url.replace(/\/$/, '')}/${WORD}-gone/`;

  beforeAll(async () => {
    links = await startLinkServer();
    const far = at('public.test', links.url, '/gone');
    const created = await seed.createPosts([
      {
        title: `Two links of ${WORD}`,
        content: `<p>The ${WORD} <a href="${ownGone}">old page</a> and the maker's <a href="${far}">review</a>.</p>`,
        status: 'publish',
      },
    ]);
    postId = created[0]!;
    t = await createTestApp({ config: { refreshLinkCheckDays: 7, refreshLinkCheckScope: 'site' } });
    // public.test is the local link server: were it checked, it would answer 404 and be found dead.
    t.services.refresh.links.http = testNetwork().outbound;
    t.services.refresh.links.options = { ...DEFAULT_LINK_CHECK_OPTIONS, timeoutMs: 2_000, retries: 0 };
    cookie = await t.login();
    siteId = await addSite(t, cookie, `Scope ${runId}`, site);
    await syncContentAndWait(t, cookie, siteId);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await links?.close();
    if (postId) await seed.deletePosts([postId]).catch(() => undefined);
  });

  it('finds the dead link to the site itself, and never requests the other host', async () => {
    let words: string | undefined;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline && !words; ) {
      const page = (
        await t.request({ method: 'GET', url: `/api/refresh?site_id=${siteId}&reason=dead_links&limit=100`, cookie })
      ).json<RefreshList>();
      words = page.items.find((item) => item.wp_id === postId)?.reasons.find((r) => r.kind === 'dead_links')?.words;
      if (!words) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(words).toBe(`A dead link: ${ownGone} (HTTP 404).`);
    expect([...links.hits.keys()]).toEqual([]);
  });
});
