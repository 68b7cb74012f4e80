import {
  REFRESH_PROPOSAL_MESSAGES,
  type RefreshProposal,
  type RefreshProposalList,
  type RefreshSiteSettings,
} from '@abp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LINK_CHECK_OPTIONS } from '../../src/modules/refresh/link-checker.js';
import { at, testNetwork } from '../outbound/test-network.js';
import { addSite, syncContentAndWait } from '../site-inventory/inventory-helpers.js';
import { WordPressSeed } from '../site-inventory/wordpress-seed.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, runId } from '../wordpress/real-site.js';
import { startLinkServer } from './link-servers.js';

const WORD = `teapot${runId.replace(/[^a-z]/g, '')}`;
const LAST_YEAR = new Date().getUTCFullYear() - 1;
const THIS_YEAR = new Date().getUTCFullYear();

interface RawPost {
  content: { raw: string };
  title: { raw: string };
  excerpt: { raw: string };
}

describeRealSite(
  'normal',
  'refresh proposals on a real WordPress: merge, byte for byte, undo (issue #36 §2–3)',
  (site) => {
    const seed = new WordPressSeed(site);
    let t: TestApp;
    let cookie: string;
    let siteId: number;
    let links: Awaited<ReturnType<typeof startLinkServer>>;
    const ids: Record<string, number> = {};
    let gone: string;

    const raw = (id: number) => seed.rest<RawPost>('GET', `wp/v2/posts/${id}?context=edit`);
    const edit = (id: number, body: Record<string, string>) => seed.rest<RawPost>('POST', `wp/v2/posts/${id}`, body);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.request({ method, url, cookie, ...(payload === undefined ? {} : { payload }) });
    const propose = async (key: string) => {
      const response = await call('POST', '/api/refresh/proposals', { site_id: siteId, wp_id: ids[key] });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<RefreshProposal>();
    };
    const decide = async (id: number, action: 'apply' | 'undo' | 'dismiss', payload?: object) =>
      call('POST', `/api/refresh/proposals/${id}/${action}`, payload ?? {});

    beforeAll(async () => {
      links = await startLinkServer();
      gone = at('public.test', links.url, '/gone');
      const live = at('public.test', links.url, '/ok');
      const posts = {
        // Block markup: a dated title and heading, a dead link, and markup a merge must leave alone.
        block: {
          title: `Best ${WORD} picks of ${LAST_YEAR} & tips`,
          content: [
            `<!-- wp:heading -->\n<h2 class="wp-block-heading">Top ${WORD} models ${LAST_YEAR}</h2>\n<!-- /wp:heading -->`,
            `<!-- wp:paragraph {"className":"intro"} -->\n<p class="intro">First paragraph about the ${WORD}. See <a href="${gone}" data-x="1">the old review</a> for more.</p>\n<!-- /wp:paragraph -->`,
            `<!-- wp:image {"id":12,"sizeSlug":"large"} -->\n<figure class="wp-block-image size-large"><img src="http://127.0.0.1:9/a.png" alt="A &amp; B" class="wp-image-12"/></figure>\n<!-- /wp:image -->`,
            `<!-- wp:shortcode -->\n[gallery ids="1,2,3" columns="2"]\n<!-- /wp:shortcode -->`,
            `<!-- wp:paragraph -->\n<p>Second paragraph: prices rose in 2024, the ${WORD} still boils fast. A <a href="${live}">live shop</a> too.</p>\n<!-- /wp:paragraph -->`,
          ].join('\n\n'),
        },
        // Classic markup: a dead link and a dated heading.
        classic: {
          title: `${WORD} care`,
          content: `<h3>The ${WORD} ${LAST_YEAR} guide</h3>\r\n<p>Descale it monthly; the maker's <a href='${gone}'>manual</a> says so.</p>\r\n\r\n<p>Other words stay — ünïcödé 🫖 &nbsp; too.</p>`,
        },
        // Only a dead link: the same span edited by hand refuses the whole proposal.
        lonely: { title: `${WORD} lid`, content: `<p>The <a href="${gone}">lid guide</a> is gone.</p>` },
        // Only a dead link: applied by itself under the site's auto-apply.
        auto: { title: `${WORD} spout`, content: `<p>The <a href="${gone}">spout page</a> went away.</p>` },
        // Deleted between proposal and apply.
        deleted: { title: `${WORD} handle`, content: `<p>The <a href="${gone}">handle page</a> went away.</p>` },
        // Approved and rejected in the Review inbox.
        inbox: { title: `${WORD} whistle`, content: `<p>The <a href="${gone}">whistle page</a> went away.</p>` },
        dismissed: { title: `${WORD} base`, content: `<p>The <a href="${gone}">base page</a> went away.</p>` },
        // Its apply's process died mid-write (a claim left behind).
        stuck: { title: `${WORD} cosy`, content: `<p>The <a href="${gone}">cosy page</a> went away.</p>` },
        // Nothing to refresh.
        fresh: { title: `${WORD} colours`, content: `<p>The ${WORD} comes in red. <a href="${live}">Shop</a>.</p>` },
      };
      const keys = Object.keys(posts) as Array<keyof typeof posts>;
      const created = await seed.createPosts(keys.map((key) => ({ ...posts[key], status: 'publish' })));
      keys.forEach((key, i) => {
        ids[key] = created[i]!;
      });
      t = await createTestApp({ config: { refreshLinkCheckDays: 7 } });
      t.services.refresh.links.http = testNetwork().outbound;
      t.services.refresh.links.options = { ...DEFAULT_LINK_CHECK_OPTIONS, timeoutMs: 1_000, retries: 0 };
      cookie = await t.login();
      siteId = await addSite(t, cookie, `Refresh proposals ${runId}`, site);
      await syncContentAndWait(t, cookie, siteId);
      // The link check runs in the background after the sync; run it here too, to know it is done.
      await t.services.refresh.runLinkCheck(siteId);
    }, 180_000);
    afterAll(async () => {
      await t?.close();
      await links?.close();
      await seed.deletePosts(Object.values(ids)).catch(() => undefined);
    });

    it('a dead link found by the link check (a local 404) becomes a proposal; dated title and heading too', async () => {
      const proposal = await propose('block');
      expect(proposal).toMatchObject({ state: 'proposed', origin: 'manual', markup: 'block', wp_id: ids.block });
      const kinds = proposal.changes.map((change) => [change.kind, change.field, change.before, change.after]);
      expect(kinds).toEqual(
        expect.arrayContaining([
          ['dead_link', 'content', `<a href="${gone}" data-x="1">the old review</a>`, 'the old review'],
          ['year', 'content', String(LAST_YEAR), String(THIS_YEAR)],
          ['year', 'title', String(LAST_YEAR), String(THIS_YEAR)],
        ]),
      );
      // "prices rose in 2024" is a claim for a model or the operator, and the live link stays.
      expect(proposal.changes).toHaveLength(3);
      const dead = proposal.changes.find((change) => change.kind === 'dead_link')!;
      expect(dead.reason).toMatch(/answered HTTP 404/);
      expect(dead.context_before).toMatch(/First paragraph about the teapot\w*\. See $/);

      // One waiting per post.
      const again = await call('POST', '/api/refresh/proposals', { site_id: siteId, wp_id: ids.block });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe(REFRESH_PROPOSAL_MESSAGES.alreadyWaiting);
    });

    it('a hand edit made on WordPress in another paragraph survives, the changes apply, the rest is byte for byte', async () => {
      const proposal = (
        await call('GET', `/api/refresh/proposals?site_id=${siteId}&wp_id=${ids.block}`)
      ).json<RefreshProposalList>().items[0]!;
      const before = await raw(ids.block!);
      const handEdited = before.content.raw.replace('Second paragraph:', 'Second paragraph, edited by hand:');
      expect(handEdited).not.toBe(before.content.raw);
      await edit(ids.block!, { content: handEdited });

      const response = await decide(proposal.id, 'apply');
      expect(response.statusCode, response.body).toBe(200);
      const applied = response.json<RefreshProposal>();
      expect(applied.state).toBe('applied');
      expect(applied.changes.map((change) => change.outcome)).toEqual(['applied', 'applied', 'applied']);
      expect(applied.can_undo).toBe(true);

      const after = await raw(ids.block!);
      let expected = handEdited;
      for (const change of applied.changes.filter((c) => c.field === 'content'))
        expected = expected.replace(change.before, change.after);
      // Everything outside the spans is what WordPress had (the hand edit included), byte for byte.
      expect(after.content.raw).toBe(expected);
      expect(after.content.raw).toContain('edited by hand');
      expect(after.content.raw).toContain('[gallery ids="1,2,3" columns="2"]');
      expect(after.title.raw).toBe(`Best ${WORD} picks of ${THIS_YEAR} & tips`);
    });

    it('undo restores the exact content and title; the history lists the refresh', async () => {
      const [proposal] = (
        await call('GET', `/api/refresh/proposals?site_id=${siteId}&wp_id=${ids.block}`)
      ).json<RefreshProposalList>().items;
      const response = await decide(proposal!.id, 'undo');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<RefreshProposal>()).toMatchObject({ state: 'undone', can_undo: false });
      const after = await raw(ids.block!);
      expect(after.content.raw).toContain('edited by hand');
      expect(after.content.raw).toContain(`<a href="${gone}" data-x="1">the old review</a>`);
      expect(after.title.raw).toBe(`Best ${WORD} picks of ${LAST_YEAR} & tips`);
      const history = (
        await call('GET', `/api/refresh/proposals?wp_id=${ids.block}&site_id=${siteId}`)
      ).json<RefreshProposalList>();
      expect(history.total).toBe(1);
      expect(history.items[0]!.undone_at).not.toBeNull();
    });

    it('a hand edit of the same span drops that change with its reason; the others apply (classic, CRLF, multibyte)', async () => {
      const proposal = await propose('classic');
      expect(proposal.markup).toBe('classic');
      expect(proposal.changes.map((change) => change.kind).sort()).toEqual(['dead_link', 'year']);
      const before = await raw(ids.classic!);
      const handEdited = before.content.raw.replace('>manual</a>', '>handbook</a>');
      await edit(ids.classic!, { content: handEdited });

      const applied = (await decide(proposal.id, 'apply')).json<RefreshProposal>();
      expect(applied.state).toBe('applied');
      const dead = applied.changes.find((change) => change.kind === 'dead_link')!;
      expect(dead.outcome).toBe('dropped');
      expect(dead.outcome_reason).toMatch(/edited on WordPress since the proposal/);
      expect(applied.changes.find((change) => change.kind === 'year')!.outcome).toBe('applied');
      const after = await raw(ids.classic!);
      expect(after.content.raw).toBe(handEdited.replace(`${WORD} ${LAST_YEAR} guide`, `${WORD} ${THIS_YEAR} guide`));

      // Cooldown: an applied refresh holds the post for the site's cooldown days.
      const again = await call('POST', '/api/refresh/proposals', { site_id: siteId, wp_id: ids.classic });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatch(
        /^This post was refreshed recently; it can be proposed again after \d{4}-\d{2}-\d{2}\.$/,
      );

      // Undo after a WordPress edit is refused, and the post is left alone.
      const editedAgain = `${after.content.raw}\n<p>One more line by hand.</p>`;
      await edit(ids.classic!, { content: editedAgain });
      const undo = await decide(proposal.id, 'undo');
      expect(undo.statusCode).toBe(409);
      expect(undo.json().error).toBe(REFRESH_PROPOSAL_MESSAGES.editedSince);
      expect((await raw(ids.classic!)).content.raw).toBe(editedAgain);
      const shown = (await call('GET', `/api/refresh/proposals/${proposal.id}`)).json<RefreshProposal>();
      expect(shown).toMatchObject({ state: 'applied', can_undo: false, note: REFRESH_PROPOSAL_MESSAGES.editedSince });
    });

    it('every change meeting a hand edit refuses the proposal and writes nothing; a deleted post refuses too', async () => {
      const proposal = await propose('lonely');
      const handEdited = (await raw(ids.lonely!)).content.raw.replace('lid guide', 'lid manual');
      await edit(ids.lonely!, { content: handEdited });
      const refused = (await decide(proposal.id, 'apply')).json<RefreshProposal>();
      expect(refused).toMatchObject({ state: 'refused', note: REFRESH_PROPOSAL_MESSAGES.allConflict });
      expect((await raw(ids.lonely!)).content.raw).toBe(handEdited);
      expect((await decide(proposal.id, 'apply')).statusCode).toBe(409);

      const doomed = await propose('deleted');
      await seed.deletePosts([ids.deleted!]);
      const goneAnswer = (await decide(doomed.id, 'apply')).json<RefreshProposal>();
      expect(goneAnswer).toMatchObject({ state: 'refused', note: REFRESH_PROPOSAL_MESSAGES.postGone });
    });

    it('a claim whose process died mid-write is released after 10 minutes: apply and undo work again', async () => {
      const proposal = await propose('stuck');
      const claim = (state: string, column: 'decided_at' | 'undone_at', minutesAgo: number) =>
        t.ctx.handle.db.execute(
          `update refresh_proposals set state = '${state}', ${column} = now() - interval '${minutesAgo} minutes' where id = ${proposal.id}`,
        );
      await claim('applying', 'decided_at', 1); // a write under way: left alone
      expect((await decide(proposal.id, 'apply')).statusCode).toBe(409);
      await claim('applying', 'decided_at', 11);
      const applied = await decide(proposal.id, 'apply');
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json<RefreshProposal>()).toMatchObject({ state: 'applied', can_undo: true });
      expect((await raw(ids.stuck!)).content.raw).toBe('<p>The cosy page went away.</p>');

      await claim('undoing', 'undone_at', 1);
      expect((await decide(proposal.id, 'undo')).statusCode).toBe(409);
      await claim('undoing', 'undone_at', 11);
      const undone = await decide(proposal.id, 'undo');
      expect(undone.statusCode, undone.body).toBe(200);
      expect((await raw(ids.stuck!)).content.raw).toBe(`<p>The <a href="${gone}">cosy page</a> went away.</p>`);
    });

    it('nothing to change is a 409; an unknown post a 404; bad input a 400 naming the field', async () => {
      const nothing = await call('POST', '/api/refresh/proposals', { site_id: siteId, wp_id: ids.fresh });
      expect(nothing.statusCode).toBe(409);
      expect(nothing.json().error).toBe(REFRESH_PROPOSAL_MESSAGES.nothingToChange);
      const unknown = await call('POST', '/api/refresh/proposals', { site_id: siteId, wp_id: 2_000_000_000 });
      expect(unknown.statusCode).toBe(404);
      const lonely = (
        await call('GET', `/api/refresh/proposals?site_id=${siteId}&wp_id=${ids.lonely}`)
      ).json<RefreshProposalList>().items[0]!;
      const badChange = await decide(lonely.id, 'apply', { change_ids: ['c99'] });
      expect(badChange.statusCode).toBe(400);
      expect(badChange.body).toContain('change_ids');
    });

    it('auto-apply: a proposal of dead-link fixes only is applied at once when the site says so', async () => {
      const put = await call('PUT', `/api/refresh/settings/${siteId}`, {
        weekly_proposals: 0,
        auto_apply_dead_links: true,
        cooldown_days: 30,
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json<RefreshSiteSettings>()).toEqual({
        site_id: siteId,
        weekly_proposals: 0,
        auto_apply_dead_links: true,
        cooldown_days: 30,
      });
      const proposal = await propose('auto');
      expect(proposal).toMatchObject({ state: 'applied', auto_applied: true, can_undo: true });
      expect((await raw(ids.auto!)).content.raw).toBe('<p>The spout page went away.</p>');
      // Other engineers' posts are on this site: the schedule below must never apply anything.
      await call('PUT', `/api/refresh/settings/${siteId}`, {
        weekly_proposals: 0,
        auto_apply_dead_links: false,
        cooldown_days: 30,
      });
    });

    it('the Review inbox lists waiting proposals (kind refresh) and counts them; approve applies, reject dismisses', async () => {
      const approved = await propose('inbox');
      const rejected = await propose('dismissed');
      const inbox = await call('GET', `/api/review?reason=refresh&site_id=${siteId}&limit=100`);
      expect(inbox.statusCode, inbox.body).toBe(200);
      const items = inbox.json<{ items: Array<Record<string, unknown>>; total: number }>();
      const mine = items.items.filter((item) => item.id === approved.id || item.id === rejected.id);
      expect(mine.map((item) => [item.kind, item.reason])).toEqual([
        ['refresh', 'refresh'],
        ['refresh', 'refresh'],
      ]);
      expect((mine[0]!.refresh_proposal as RefreshProposal).changes[0]!.kind).toBe('dead_link');
      const summary = (await call('GET', '/api/review/summary')).json<{ count: number }>();
      expect(summary.count).toBeGreaterThanOrEqual(2);

      const approve = await call('POST', '/api/review/approve', { items: [{ kind: 'refresh', id: approved.id }] });
      expect(approve.statusCode, approve.body).toBe(200);
      expect(approve.json().results[0]).toMatchObject({ ok: true, outcome: 'applied' });
      expect((await raw(ids.inbox!)).content.raw).toBe('<p>The whistle page went away.</p>');
      const reject = await call('POST', '/api/review/reject', {
        items: [{ kind: 'refresh', id: rejected.id }],
        reason: 'not now',
      });
      expect(reject.statusCode, reject.body).toBe(200);
      expect(reject.json().results[0]).toMatchObject({ ok: true, outcome: 'dismissed' });
      expect((await call('GET', `/api/refresh/proposals/${rejected.id}`)).json<RefreshProposal>().state).toBe(
        'dismissed',
      );
      const after = (await call('GET', `/api/review?reason=refresh&site_id=${siteId}&limit=100`)).json<{
        items: Array<{ id: number }>;
      }>();
      expect(after.items.map((item) => item.id)).not.toContain(approved.id);
      expect(after.items.map((item) => item.id)).not.toContain(rejected.id);
    });

    it("the daily job proposes for the site's top posts within the weekly budget, and not beyond", async () => {
      await call('PUT', `/api/refresh/settings/${siteId}`, {
        weekly_proposals: 1,
        auto_apply_dead_links: false,
        cooldown_days: 30,
      });
      const scheduled = async () =>
        (await call('GET', `/api/refresh/proposals?site_id=${siteId}&limit=100`))
          .json<RefreshProposalList>()
          .items.filter((item) => item.origin === 'schedule');
      expect(await scheduled()).toHaveLength(0);
      const first = await t.services.refreshProposals.runSchedule();
      expect(first.proposed).toBe(1);
      expect(await scheduled()).toHaveLength(1);
      expect((await t.services.refreshProposals.runSchedule()).proposed).toBe(0);
      expect(await scheduled()).toHaveLength(1);
      // Leave nothing waiting on other people's posts.
      for (const item of await scheduled()) await decide(item.id, 'dismiss');
    });
  },
);

describe('refresh proposals API: bad input is a 400 naming the field', () => {
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
    ['POST', '/api/refresh/proposals', { site_id: 'x', wp_id: 1 }, 'site_id'],
    ['POST', '/api/refresh/proposals', { site_id: 1 }, 'wp_id'],
    ['POST', '/api/refresh/proposals/1/apply', { change_ids: [] }, 'change_ids'],
    ['POST', '/api/refresh/proposals/abc/apply', {}, 'id'],
    ['GET', '/api/refresh/proposals?state=sleeping', undefined, 'state'],
    ['GET', '/api/refresh/proposals?limit=500', undefined, 'limit'],
    [
      'PUT',
      '/api/refresh/settings/1',
      { weekly_proposals: 51, auto_apply_dead_links: true, cooldown_days: 10 },
      'weekly_proposals',
    ],
    [
      'PUT',
      '/api/refresh/settings/1',
      { weekly_proposals: 1, auto_apply_dead_links: 'yes', cooldown_days: 10 },
      'auto_apply_dead_links',
    ],
    [
      'PUT',
      '/api/refresh/settings/1',
      { weekly_proposals: 1, auto_apply_dead_links: true, cooldown_days: 0 },
      'cooldown_days',
    ],
  ] as const)('%s %s', async (method, url, payload, field) => {
    const response = await t.request({ method, url, cookie, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain(field);
  });

  it('unknown proposal and site are 404s', async () => {
    expect((await t.request({ method: 'GET', url: '/api/refresh/proposals/999999', cookie })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/refresh/settings/999999', cookie })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'POST', url: '/api/refresh/proposals/999999/undo', cookie, payload: {} })).statusCode,
    ).toBe(404);
  });
});
