import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFingerprints } from '../../src/db/schema/index.js';
import type { WordPressClient } from '../../src/integrations/wordpress/index.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { holdRealWordPress, realClient, realSite, runId } from '../wordpress/real-site.js';
import { goodContent, insertArticle, insertSite } from './article-fixtures.js';
import { publish } from './publish-helpers.js';

const normal = realSite('normal');
const plain = realSite('plain');

// A real article's worth of distinct sentences: near-duplicate detection compares 5-word shingles.
const SENTENCES = [
  'A compost heap needs air, water and a balance of green and brown material to break down quickly.',
  'Kitchen scraps such as vegetable peelings, coffee grounds and crushed eggshells count as greens.',
  'Dry leaves, shredded cardboard and straw are browns that keep the heap from turning slimy.',
  'Turning the pile every week or two lets oxygen reach the microbes that do most of the work.',
  'A heap that smells of ammonia has too many greens and needs a layer of browns mixed through it.',
  'In cold weather the centre of a large heap still stays warm enough for decomposition to continue.',
  'Finished compost is dark, crumbly and smells of forest soil rather than of rotting food.',
  'Sieve it before spreading it on seed beds, and put the coarse pieces back into the next batch.',
  'Meat, dairy and oily food attract rats and flies, so they belong in a council food bin instead.',
  'Worm bins suit flats and small gardens, turning scraps into rich castings within a few months.',
  'A thermometer pushed into the middle of the pile shows when it has cooled and is ready to rest.',
  'Mature compost mulched around fruit bushes feeds them slowly and keeps moisture in the ground.',
];
const body = (sentences: readonly string[]) =>
  `<h2>Getting started</h2><p>${sentences.slice(0, 6).join(' ')}</p><h2>Using it</h2><p>${sentences.slice(6).join(' ')}</p>`;
const ORIGINAL = body(SENTENCES);
// An edited copy: two sentences reworded, one word changed elsewhere; still the same article.
const EDITED = body(
  SENTENCES.map((s, i) =>
    i === 3
      ? 'Turning the heap every fortnight lets air reach the microbes doing the work.'
      : i === 9
        ? s.replace('small gardens', 'tiny yards')
        : s,
  ),
);

type Refusal = { details: { quality_report: { issues: Array<{ rule: string; message: string }> } } };
const issue = (response: { json(): unknown }, rule: string) =>
  (response.json() as Refusal).details.quality_report.issues.find((i) => i.rule === rule);

describe.skipIf(!normal || !plain)(
  'the same text is never published twice, on one site or across sites (real WordPress)',
  () => {
    let t: TestApp;
    let cookie: string;
    const clients: WordPressClient[] = [];
    const created: Array<[WordPressClient, number]> = [];
    let siteA: number;
    let siteB: number;
    holdRealWordPress();

    beforeAll(async () => {
      t = await createTestApp();
      cookie = await t.login();
      clients.push(realClient(normal!), realClient(plain!));
      siteA = (
        await insertSite(t, {
          name: 'Compost Corner',
          url: normal!.url,
          username: normal!.user,
          password: normal!.password,
          restRoot: `${normal!.url}/wp-json/`,
        })
      ).id;
      siteB = (
        await insertSite(t, { name: 'Other Garden', url: plain!.url, username: plain!.user, password: plain!.password })
      ).id;
    });
    afterAll(async () => {
      for (const [client, id] of created) await client.posts.delete(id).catch(() => undefined);
      await t?.close();
    });

    async function published(articleId: number, siteId: number, extra: Record<string, unknown> = {}) {
      const response = await publish(t, cookie, articleId, { site_id: siteId, ...extra });
      if (response.statusCode === 200)
        created.push([
          clients[siteId === siteA ? 0 : 1]!,
          (response.json() as { wordpress_post_id: number }).wordpress_post_id,
        ]);
      return response;
    }

    it('an edited copy of a post on the same site is blocked, naming the post; forcing publishes it', async () => {
      const first = await insertArticle(t, {
        siteId: siteA,
        siteName: 'Compost Corner',
        title: `Composting at home ${runId}`,
        content: ORIGINAL,
        status: 'published',
      });
      const ok = await published(first.id, siteA);
      expect(ok.statusCode, ok.body).toBe(200);
      const link = (ok.json() as { wordpress_permalink: string }).wordpress_permalink;

      const copy = await insertArticle(t, {
        siteId: siteA,
        siteName: 'Compost Corner',
        title: `Home composting made simple ${runId}`,
        content: EDITED,
        status: 'published',
      });
      const refused = await published(copy.id, siteA);
      expect(refused.statusCode, refused.body).toBe(409);
      const found = issue(refused, 'near_duplicate');
      expect(found?.message).toMatch(
        new RegExp(
          `^Nearly the same text as "Composting at home ${runId}" \\(\\d+% of the text alike\\), already on the site: `,
        ),
      );
      expect(found?.message).toContain(new URL(link).pathname === '/' ? new URL(link).search : new URL(link).pathname);
      expect(issue(refused, 'cross_site_duplicate')).toBeUndefined();

      const forced = await published(copy.id, siteA, { force_publish: true });
      expect(forced.statusCode, forced.body).toBe(200);
      // Its own post never counts against it: an update of the forced article is no refusal of itself.
      const again = await published(copy.id, siteA, { force_publish: true });
      expect((again.json() as { action: string }).action).toBe('updated');
    }, 60_000);

    it("the same body for another of the operator's sites is blocked as duplicate content, naming the site; a different body passes", async () => {
      const other = await insertArticle(t, {
        siteId: siteB,
        siteName: 'Other Garden',
        title: `Composting guide ${runId}`,
        content: ORIGINAL,
        status: 'published',
      });
      const refused = await published(other.id, siteB);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(issue(refused, 'cross_site_duplicate')?.message).toMatch(
        /^The same text is already on Compost Corner: "(Composting at home|Home composting made simple) .+" \(\d+% of the text alike, http.+\); search engines treat it as duplicate content\.$/,
      );
      expect(issue(refused, 'near_duplicate')).toBeUndefined();
      // Nothing reached WordPress for the refused article.
      expect(created.filter(([client]) => client === clients[1])).toHaveLength(0);

      const different = await insertArticle(t, {
        siteId: siteB,
        siteName: 'Other Garden',
        title: `Tomato care ${runId}`,
        content: goodContent('tomato'),
        status: 'published',
      });
      const ok = await published(different.id, siteB);
      expect(ok.statusCode, ok.body).toBe(200);
    }, 60_000);

    it('articles published before fingerprints existed are fingerprinted by the background job and then count', async () => {
      const older = await insertArticle(t, {
        siteId: siteA,
        siteName: 'Compost Corner',
        title: `Leaf mould ${runId}`,
        content: goodContent('leaf mould'),
        status: 'published',
      });
      expect((await published(older.id, siteA)).statusCode).toBe(200);
      // As after the upgrade: the article is on WordPress, its fingerprint is not stored.
      await t.ctx.handle.db.delete(articleFingerprints).where(eq(articleFingerprints.articleId, older.id));
      const copy = await insertArticle(t, {
        siteId: siteA,
        siteName: 'Compost Corner',
        title: `Making leaf mould ${runId}`,
        content: goodContent('leaf mould'),
        status: 'published',
      });
      // Its subject is the older article's (site knowledge's `already_on_site`, issue #32), so it is
      // forced through; the text rule, without the older fingerprint, does not see the copy.
      const forced = await published(copy.id, siteA, { force_publish: true });
      expect(forced.statusCode, forced.body).toBe(200);
      expect(
        (forced.json() as { quality_report: { issues: Array<{ rule: string }> } }).quality_report.issues.map(
          (i) => i.rule,
        ),
        'without its fingerprint the older article is not seen',
      ).not.toContain('near_duplicate');

      const third = await insertArticle(t, {
        siteId: siteA,
        siteName: 'Compost Corner',
        title: `Leaf mould again ${runId}`,
        content: goodContent('leaf mould'),
        status: 'published',
      });
      await t.ctx.handle.db.delete(articleFingerprints).where(eq(articleFingerprints.articleId, copy.id));
      expect(await t.services.duplicateContent.backfill()).toBeGreaterThanOrEqual(2);
      expect(await t.services.duplicateContent.backfill()).toBe(0);
      const refused = await published(third.id, siteA);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(issue(refused, 'near_duplicate')?.message).toMatch(/^Nearly the same text as "(Making )?[Ll]eaf mould/);
    }, 60_000);
  },
);
