import type { BacklinkProposal, BacklinkProposalList } from '@abp/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertArticle } from '../articles/article-fixtures.js';
import { publish } from '../articles/publish-helpers.js';
import { addSite, syncContentAndWait } from '../site-inventory/inventory-helpers.js';
import { WordPressSeed } from '../site-inventory/wordpress-seed.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, realClient, runId } from '../wordpress/real-site.js';

// A word no other test's posts have, so the site's search finds exactly this suite's posts.
const WORD = `barrel${runId.replace(/[^a-z]/g, '')}`;
const PHRASE = `rain ${WORD}`;

describeRealSite(
  'normal',
  'links from older posts to a new article: proposed, approved, undone (real WordPress)',
  (site) => {
    const seed = new WordPressSeed(site);
    const client = realClient(site);
    let t: TestApp;
    let cookie: string;
    let siteId: number;
    const postIds: number[] = [];
    const older: Record<string, { id: number; content: string }> = {};

    const contents = {
      paragraph: `<!-- wp:paragraph -->\n<p>Gutters feed a <strong>rain ${WORD}</strong> well; ours filled in one storm &amp; overflowed.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>A second paragraph about the rain ${WORD} lid.</p>\n<!-- /wp:paragraph -->`,
      headingOnly: `<h2>Rain ${WORD} basics</h2>\n<p>Nothing to link here.</p>`,
      alreadyLinked: `<p>See <a href="https://example.org/">this guide</a> before buying a rain ${WORD}.</p>`,
      secondFit: `<ul><li>Clean the rain ${WORD} filter each spring.</li></ul>`,
    };

    beforeAll(async () => {
      const titles = {
        paragraph: `Watering with a ${WORD}`,
        headingOnly: `${WORD} buying notes`,
        alreadyLinked: `Choosing a ${WORD}`,
        secondFit: `${WORD} spring checklist`,
      };
      const keys = Object.keys(contents) as Array<keyof typeof contents>;
      const ids = await seed.createPosts(
        keys.map((key) => ({ title: titles[key], content: contents[key], status: 'publish' })),
      );
      keys.forEach((key, i) => {
        older[key] = { id: ids[i]!, content: contents[key] };
        postIds.push(ids[i]!);
      });
      for (const key of keys) older[key]!.content = (await client.posts.get(older[key]!.id)).content?.raw ?? '';
      t = await createTestApp();
      cookie = await t.login();
      siteId = await addSite(t, cookie, `Backlinks ${runId}`, site);
      await syncContentAndWait(t, cookie, siteId);
    }, 90_000);
    afterAll(async () => {
      await t?.close();
      await seed.deletePosts(postIds).catch(() => undefined);
    });

    const action = (id: number, name: 'apply' | 'undo' | 'dismiss') =>
      t.request({ method: 'POST', url: `/api/backlinks/${id}/${name}`, cookie });
    const contentOf = async (id: number) => (await client.posts.get(id)).content?.raw ?? '';

    it('proposes a paragraph and anchor in each fitting older post; applies one on WordPress and undoes it exactly', async () => {
      const article = await insertArticle(t, {
        siteId,
        siteName: `Backlinks ${runId}`,
        title: `Rain ${WORD} maintenance`,
        keywords: [PHRASE],
        status: 'published',
      });
      const nothingYet = (
        await t.request({ method: 'POST', url: `/api/articles/${article.id}/backlinks`, cookie })
      ).json<BacklinkProposalList>();
      expect(nothingYet).toEqual({ items: [], note: 'The article has no WordPress post yet: publish it first.' });
      const published = await publish(t, cookie, article.id, { site_id: siteId });
      expect(published.statusCode, published.body).toBe(200);
      const { wordpress_post_id: ownId, wordpress_permalink: permalink } = published.json<{
        wordpress_post_id: number;
        wordpress_permalink: string;
      }>();
      postIds.push(ownId);

      const proposed = await t.request({ method: 'POST', url: `/api/articles/${article.id}/backlinks`, cookie });
      expect(proposed.statusCode, proposed.body).toBe(200);
      const list = proposed.json<BacklinkProposalList>().items;
      // Never a heading, never a paragraph that already has a link, never the article's own post.
      expect(list.map((p) => p.source_post_id).sort()).toEqual([older.paragraph!.id, older.secondFit!.id].sort());
      const first = list.find((p) => p.source_post_id === older.paragraph!.id)!;
      expect(first).toMatchObject({
        paragraph_index: 0,
        anchor: PHRASE,
        state: 'proposed',
        paragraph_text: `Gutters feed a rain ${WORD} well; ours filled in one storm & overflowed.`,
      });
      expect(list.find((p) => p.source_post_id === older.secondFit!.id)).toMatchObject({
        paragraph_index: 0,
        anchor: PHRASE,
      });
      // Asking again changes nothing: one proposal per older post.
      expect(
        (
          await t.request({ method: 'POST', url: `/api/articles/${article.id}/backlinks`, cookie })
        ).json<BacklinkProposalList>().items,
      ).toHaveLength(2);

      const applied = await action(first.id, 'apply');
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json<BacklinkProposal>()).toMatchObject({ state: 'applied' });
      const linked = await contentOf(older.paragraph!.id);
      // Only the anchor changed: the rest of the post (block comments, entities, the other paragraph) is byte for byte the same.
      expect(linked).toBe(
        older.paragraph!.content.replace(
          `<strong>${PHRASE}</strong>`,
          `<strong><a href="${permalink}">${PHRASE}</a></strong>`,
        ),
      );
      expect((await action(first.id, 'apply')).statusCode, 'a second click').toBe(409);

      const undone = await action(first.id, 'undo');
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json<BacklinkProposal>().state).toBe('undone');
      expect(await contentOf(older.paragraph!.id)).toBe(older.paragraph!.content);
      const listed = (
        await t.request({ method: 'GET', url: `/api/articles/${article.id}/backlinks`, cookie })
      ).json<BacklinkProposalList>();
      expect(listed.items.map((p) => p.state).sort()).toEqual(['proposed', 'undone']);
    }, 90_000);

    it('refuses to undo over edits made on WordPress since, and a dismissed link cannot be applied', async () => {
      const article = await insertArticle(t, {
        siteId,
        siteName: `Backlinks ${runId}`,
        title: `Rain ${WORD} winter care`,
        keywords: [PHRASE],
        status: 'published',
      });
      const published = await publish(t, cookie, article.id, { site_id: siteId, force_publish: true });
      postIds.push(published.json<{ wordpress_post_id: number }>().wordpress_post_id);
      const list = (
        await t.request({ method: 'POST', url: `/api/articles/${article.id}/backlinks`, cookie })
      ).json<BacklinkProposalList>().items;
      const onSecond = list.find((p) => p.source_post_id === older.secondFit!.id)!;
      expect((await action(onSecond.id, 'apply')).statusCode).toBe(200);
      const edited = `${await contentOf(older.secondFit!.id)}\n<p>Added by hand later.</p>`;
      await client.posts.update(older.secondFit!.id, { content: edited });
      const refused = await action(onSecond.id, 'undo');
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ error: string }>().error).toContain('was edited on WordPress after the link was added');
      expect(await contentOf(older.secondFit!.id)).toBe(edited);

      const other = list.find((p) => p.source_post_id === older.paragraph!.id)!;
      expect((await action(other.id, 'dismiss')).json<BacklinkProposal>().state).toBe('dismissed');
      expect((await action(other.id, 'apply')).statusCode).toBe(409);
      expect((await action(999_999, 'apply')).statusCode).toBe(404);
      expect((await action(0, 'apply')).statusCode).toBe(400);
    }, 90_000);
  },
);
