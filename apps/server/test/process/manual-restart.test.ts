import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, it } from 'vitest';
import { describeRealSite, listDirect, type RealSite, runId } from '../wordpress/real-site.js';
import { realSiteProcesses } from './real-site-process.js';

const PASSWORD = 'manual-restart-password';

/*
 * A manual article is a unit of the pipeline run in its request: kill -9 while it is being
 * written, start again, and the article is written and published once (the operator's request
 * was lost with the process; the article was not).
 */
describeRealSite('normal', 'a manual generation survives kill -9 of its process', (site: RealSite) => {
  const { dataDir, posts: createdPosts, start: startWith } = realSiteProcesses(site, 'abp-manual-restart-', PASSWORD);
  const marker = `manualrestart${runId}`;
  // Each answer of the offline writer takes a second: the article is still being written when the process dies.
  const start = () => startWith({ LLM_OFFLINE_DELAY_MS: '1000' });

  it('kill -9 mid-request, restart: the article is written and published once', async () => {
    const first = await start();
    const siteRes = await first.call<{ id: number }>('POST', '/api/sites', {
      name: 'Manual restart site',
      url: site.url,
      username: site.user,
      password: site.password,
      is_active: true,
      content_persona: '',
    });
    expect(siteRes.status, JSON.stringify(siteRes.json)).toBe(201);
    const request = first
      .call('POST', '/api/manual/generate', {
        topic: `${marker} winter pruning`,
        site_id: siteRes.json.id,
        task_type: 'Blog Post',
        options: { includeImages: false, publishStatus: 'publish', maxArticles: 5, wordCount: 500, persona: '' },
      })
      .catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    first.server.child.kill('SIGKILL');
    await first.server.exited;
    await request;

    const second = await start();
    const deadline = Date.now() + 120_000;
    let articles: { id: number; origin: string; status: string; wordpress_post_id: number | null }[] = [];
    for (;;) {
      articles = (await second.call<{ items: typeof articles }>('GET', '/api/articles?limit=50')).json.items;
      if (articles.length === 1 && articles[0]!.wordpress_post_id !== null) break;
      if (Date.now() > deadline)
        throw new Error(
          `the article did not reach WordPress: ${JSON.stringify(articles)}\n${second.server.output().slice(-3000)}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(articles[0]).toMatchObject({ origin: 'manual', status: 'published' });
    const posts = (await listDirect(site, `wp/v2/posts?search=${marker}&status=any&per_page=100&context=edit`)) as {
      id: number;
      status: string;
    }[];
    createdPosts.push(...posts.map((post) => post.id));
    expect(posts.map((post) => [post.id, post.status])).toEqual([[articles[0]!.wordpress_post_id, 'publish']]);

    expect(await second.server.stop('SIGTERM')).toBe(0);
    const db = await PGlite.create(path.join(dataDir, 'db'));
    try {
      const units = (
        await db.query<{ origin_key: string; state: string; result: string; attempts: number; article_id: number }>(
          'select origin_key, state, result, attempts, article_id from article_productions',
        )
      ).rows;
      // One unit, taken up again after the kill: its second run wrote and published the article.
      expect(units).toEqual([
        {
          origin_key: expect.stringMatching(/^manual:\d+$/),
          state: 'finished',
          result: 'succeeded',
          attempts: 2,
          article_id: articles[0]!.id,
        },
      ]);
    } finally {
      await db.close();
    }
  }, 300_000);
});
