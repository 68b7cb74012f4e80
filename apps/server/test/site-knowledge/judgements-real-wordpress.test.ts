import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertArticle } from '../articles/article-fixtures.js';
import { publish } from '../articles/publish-helpers.js';
import { addSite, syncContentAndWait } from '../site-inventory/inventory-helpers.js';
import { WordPressSeed } from '../site-inventory/wordpress-seed.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { describeRealSite, runId } from '../wordpress/real-site.js';
import { fixture } from './knowledge-helpers.js';

// Issue #32: the judgements that ask site knowledge, on a real WordPress seeded with the labelled
// fixture's posts of two subjects (gardening, cooking), each in a category of its own.
describeRealSite('normal', 'site knowledge judges duplicate subjects and categories on a real WordPress', (site) => {
  let t: TestApp;
  let cookie: string;
  let siteId: number;
  const seed = new WordPressSeed(site);
  let seeded: number[] = [];
  const created = new Set<number>();
  const category = { gardening: 0, cooking: 0 };

  beforeAll(async () => {
    for (const name of ['gardening', 'cooking'] as const)
      category[name] = (await seed.rest<{ id: number }>('POST', 'wp/v2/categories', { name: `${name} ${runId}` })).id;
    seeded = await seed.createPosts(
      fixture.posts.map((post) => ({
        title: `${post.title} ${runId}`,
        content: post.html,
        status: 'publish',
        categories: [post.site === 'garden' ? category.gardening : category.cooking],
      })),
    );
    t = await createTestApp();
    cookie = await t.login();
    siteId = await addSite(t, cookie, `Judgements ${runId}`, site);
    await syncContentAndWait(t, cookie, siteId);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await seed.deletePosts([...seeded, ...created]).catch(() => undefined);
    for (const id of Object.values(category))
      if (id) await seed.rest('DELETE', `wp/v2/categories/${id}?force=true`).catch(() => undefined);
  });

  const postOf = (fixtureId: string) => {
    const index = fixture.posts.findIndex((post) => post.id === fixtureId);
    return { id: seeded[index]!, title: `${fixture.posts[index]!.title} ${runId}` };
  };

  it('refuses a reworded duplicate of a post the app did not write, naming and linking it; force publishes', async () => {
    const blight = postOf('garden-002');
    const wp = await seed.rest<{ link: string }>('GET', `wp/v2/posts/${blight.id}`);
    const article = await insertArticle(t, {
      siteId,
      title: `How to tell early blight from late blight on tomato plants ${runId}`,
      content:
        '<h2>Early or late blight?</h2><p>Blight on tomatoes shows as brown patches on the leaves. Early blight makes rings on the lower leaves; late blight spreads fast in wet weather and rots the fruit.</p><h2>Stopping it</h2><p>Remove blighted leaves, water the soil and not the leaves, and give tomato plants air between them so blight does not spread.</p>',
      status: 'published',
    });
    const refused = await publish(t, cookie, article.id, { site_id: siteId });
    // Without the judgement the post would go out: it is removed with the others.
    if (refused.statusCode === 200) created.add(refused.json<{ wordpress_post_id: number }>().wordpress_post_id);
    expect(refused.statusCode, refused.body).toBe(409);
    const issue = refused
      .json<{
        details: {
          quality_report: {
            issues: Array<{ rule: string; message: string; existing_post?: { title: string; link: string | null } }>;
          };
        };
      }>()
      .details.quality_report.issues.find((i) => i.rule === 'already_on_site');
    expect(issue?.existing_post).toEqual({ title: blight.title, link: wp.link, site_name: null });
    expect(issue?.message).toBe(`"${blight.title}" already exists on the site: ${new URL(wp.link).pathname}`);

    const forced = await publish(t, cookie, article.id, { site_id: siteId, force_publish: true });
    expect(forced.statusCode, forced.body).toBe(200);
    created.add(forced.json<{ wordpress_post_id: number }>().wordpress_post_id);
  }, 90_000);

  it('puts a cookware article left automatic in the category of the nearest posts, not the default; a configured category still decides', async () => {
    const body =
      '<h2>Seasoning the pan</h2><p>A carbon steel skillet needs seasoning like cast iron: a thin layer of oil baked on in the oven until the pan turns dark. Dry the skillet on the hob after washing so it never rusts.</p><h2>Cooking in it</h2><p>Heat the pan before the oil goes in; sear, fry and roast in it, and wipe it with a little oil after every wash.</p>';
    const automatic = await insertArticle(t, {
      siteId,
      title: `Looking after a carbon steel skillet ${runId}`,
      content: body,
      status: 'published',
    });
    const res = await publish(t, cookie, automatic.id, { site_id: siteId });
    expect(res.statusCode, res.body).toBe(200);
    const postId = res.json<{ wordpress_post_id: number }>().wordpress_post_id;
    created.add(postId);
    expect((await seed.rest<{ categories: number[] }>('GET', `wp/v2/posts/${postId}`)).categories).toEqual([
      category.cooking,
    ]);

    // The article's own choice (as the configuration's would) fixes the category.
    const fixed = await insertArticle(t, {
      siteId,
      title: `Carbon steel pans for the garden kitchen ${runId}`,
      content: body.replace('skillet needs', 'pan needs'),
      status: 'published',
      wpCategoryIds: [category.gardening],
    });
    const forced = await publish(t, cookie, fixed.id, { site_id: siteId, force_publish: true });
    expect(forced.statusCode, forced.body).toBe(200);
    const fixedPost = forced.json<{ wordpress_post_id: number }>().wordpress_post_id;
    created.add(fixedPost);
    expect((await seed.rest<{ categories: number[] }>('GET', `wp/v2/posts/${fixedPost}`)).categories).toEqual([
      category.gardening,
    ]);
  }, 90_000);
});
