import type { RefreshList, RefreshPost, RefreshRecomputeResult, RefreshSiteSummary } from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LINK_CHECK_OPTIONS } from '../../src/modules/refresh/link-checker.js';
import { at, testNetwork } from '../outbound/test-network.js';
import { addSite, syncContentAndWait } from '../site-inventory/inventory-helpers.js';
import { WordPressSeed } from '../site-inventory/wordpress-seed.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, runId } from '../wordpress/real-site.js';
import { startLinkServer } from './link-servers.js';

const WORD = `kettle${runId.replace(/[^a-z]/g, '')}`;

describeRealSite('normal', 'refresh scores of a real WordPress: year phrases and dead links (issue #36)', (site) => {
  const seed = new WordPressSeed(site);
  let t: TestApp;
  let cookie: string;
  let siteId: number;
  let links: Awaited<ReturnType<typeof startLinkServer>>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    links = await startLinkServer();
    // The far ends play public servers (public.test resolves to the local link server): the outbound rule is the app's.
    const far = (path: string) => at('public.test', links.url, path);
    const posts = {
      // Block markup, with "in 2024" and a link that answers 404.
      dated: {
        title: `Choosing a ${WORD}`,
        content: `<!-- wp:paragraph -->\n<p>The best ${WORD} models in 2024 boil fast. See <a href="${far('/gone')}">the old review</a>.</p>\n<!-- /wp:paragraph -->`,
      },
      // Classic markup, a link to a server that never answers.
      silent: {
        title: `${WORD} descaling`,
        content: `<p>Descale the ${WORD} monthly. The maker's <a href="${far('/slow')}">manual</a> explains it.</p>`,
      },
      // Classic markup, a live link, nothing dated (founded in 2010 is history).
      live: {
        title: `${WORD} history`,
        content: `<p>The ${WORD} maker was founded in 2010. Its <a href="${far('/ok')}">shop</a> still sells them.</p>`,
      },
    };
    const keys = Object.keys(posts) as Array<keyof typeof posts>;
    const created = await seed.createPosts(keys.map((key) => ({ ...posts[key], status: 'publish' })));
    keys.forEach((key, i) => {
      ids[key] = created[i]!;
    });
    t = await createTestApp({ config: { refreshLinkCheckDays: 7 } });
    // The app's checker on a network where public.test is the local link server; short tries for the silent one.
    t.services.refresh.links.http = testNetwork().outbound;
    t.services.refresh.links.options = { ...DEFAULT_LINK_CHECK_OPTIONS, timeoutMs: 1_000, retries: 1 };
    cookie = await t.login();
    siteId = await addSite(t, cookie, `Refresh ${runId}`, site);
    await syncContentAndWait(t, cookie, siteId);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await links?.close();
    await seed.deletePosts(Object.values(ids)).catch(() => undefined);
  });

  const list = async (query: string) => {
    const response = await t.request({ method: 'GET', url: `/api/refresh?${query}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RefreshList>();
  };
  const ours = async (query: string): Promise<Map<number, RefreshPost>> => {
    const found = new Map<number, RefreshPost>();
    for (let offset = 0; ; offset += 200) {
      const page = await list(`${query}&limit=200&offset=${offset}`);
      for (const item of page.items) if (Object.values(ids).includes(item.wp_id)) found.set(item.wp_id, item);
      if (offset + 200 >= page.total) return found;
    }
  };

  it('after the sync, the post saying "in 2024" is scored with that reason; "founded in 2010" is not', async () => {
    const scored = await ours(`site_id=${siteId}`);
    expect([...scored.keys()].sort()).toEqual(Object.values(ids).sort());
    const dated = scored.get(ids.dated!)!;
    expect(dated.reasons.find((r) => r.kind === 'past_year')?.words).toMatch(
      /“best .* models in 2024”; it is \d{4} now\./,
    );
    expect(dated.score).toBeGreaterThanOrEqual(30);
    expect(scored.get(ids.live!)!.reasons.map((r) => r.kind)).not.toContain('past_year');
    expect((await ours(`site_id=${siteId}&reason=past_year`)).has(ids.live!)).toBe(false);
  });

  it('the background link check finds the 404 and the silent server dead, and not the live link', async () => {
    let dead = new Map<number, RefreshPost>();
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      dead = await ours(`site_id=${siteId}&reason=dead_links`);
      if (dead.has(ids.dated!) && dead.has(ids.silent!)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(dead.get(ids.dated!)?.reasons.find((r) => r.kind === 'dead_links')?.words).toMatch(
      /^A dead link: http:\/\/public\.test:\d+\/gone \(HTTP 404\)\.$/,
    );
    expect(dead.get(ids.silent!)?.reasons.find((r) => r.kind === 'dead_links')?.words).toMatch(
      /\/slow \(no answer within 1 s, 2 tries\)/,
    );
    expect(dead.has(ids.live!)).toBe(false);
    expect(links.hits.get('HEAD /ok')).toBeGreaterThanOrEqual(1);

    const summary = (await t.request({ method: 'GET', url: '/api/refresh/summary', cookie })).json<
      RefreshSiteSummary[]
    >();
    const mine = summary.find((row) => row.site_id === siteId)!;
    expect(mine.dead_links).toBeGreaterThanOrEqual(2);
    expect(mine.reasons.dead_links).toBeGreaterThanOrEqual(2);
    expect(mine.reasons.past_year).toBeGreaterThanOrEqual(1);
  });

  it('recompute on demand scores the site again from the link cache (no new request for a fresh link)', async () => {
    const before = links.hits.get('HEAD /gone') ?? 0;
    const response = await t.request({
      method: 'POST',
      url: '/api/refresh/recompute',
      cookie,
      payload: { site_id: siteId },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<RefreshRecomputeResult>();
    expect(result.scored).toBeGreaterThanOrEqual(3);
    expect((await ours(`site_id=${siteId}&reason=dead_links`)).has(ids.dated!)).toBe(true);
    // The queued check finds nothing due: the cache is a week good.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(links.hits.get('HEAD /gone') ?? 0).toBe(before);
  });
});

describe('refresh API: bad input is a 400 naming the field', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['/api/refresh?site_id=abc', 'site_id'],
    ['/api/refresh?reason=boring', 'reason'],
    ['/api/refresh?limit=0', 'limit'],
    ['/api/refresh?offset=-1', 'offset'],
  ])('GET %s', async (url, field) => {
    const response = await t.request({ method: 'GET', url, cookie });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(field);
  });

  it('recompute needs a site id, and a site that exists', async () => {
    const missing = await t.request({ method: 'POST', url: '/api/refresh/recompute', cookie, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('site_id');
    const unknown = await t.request({
      method: 'POST',
      url: '/api/refresh/recompute',
      cookie,
      payload: { site_id: 999_999 },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/refresh?site_id=999999', cookie })).statusCode).toBe(404);
  });

  it('lists nothing and summarises every site before any scoring', async () => {
    expect((await t.request({ method: 'GET', url: '/api/refresh', cookie })).json<RefreshList>()).toEqual({
      items: [],
      total: 0,
      limit: 50,
      offset: 0,
    });
    expect((await t.request({ method: 'GET', url: '/api/refresh/summary', cookie })).json()).toEqual([]);
  });
});
