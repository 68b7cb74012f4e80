import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWordPressClient } from '../../src/integrations/wordpress/index.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { insertArticle, insertSite } from './article-fixtures.js';
import { articleRow, publish } from './publish-helpers.js';
import { StatefulWordPressServer } from './stateful-wordpress-server.js';

let t: TestApp;
let cookie: string;
let wordpress: StatefulWordPressServer;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  wordpress = await StatefulWordPressServer.start();
  // The real client over real HTTP, with a short timeout so the hung create gives up quickly.
  t.services.sites.clientFactory = (config) => createWordPressClient({ ...config, timeoutMs: 800 });
});
afterAll(async () => {
  await wordpress.close();
  await t.close();
});

it('a create that times out after WordPress stored the post is found by marker on the next publish: one post', async () => {
  const site = await insertSite(t, { url: wordpress.url, restRoot: `${wordpress.url}/wp-json/` });
  const article = await insertArticle(t, { siteId: site.id, keywords: ['Soil'] });
  wordpress.hangNextCreates = 1;

  const first = await publish(t, cookie, article.id);
  expect(first.statusCode).toBe(424);
  expect(first.json().details).toMatchObject({ kind: 'network', outcome_unknown: true, step: 'post create' });
  expect(wordpress.posts.size).toBe(1);

  const second = await publish(t, cookie, article.id);
  expect(second.statusCode).toBe(200);
  const [post] = [...wordpress.posts.values()];
  expect(second.json()).toMatchObject({ action: 'recovered', wordpress_post_id: post!.id });
  expect(wordpress.posts.size).toBe(1);
  expect(wordpress.requests.filter((r) => r === 'POST /wp-json/wp/v2/posts')).toHaveLength(1);
  expect(
    wordpress.requests.some((r) => r.startsWith('GET /wp-json/wp/v2/posts?') && r.includes('search=abp%3Aref%3A')),
  ).toBe(true);
  expect((await articleRow(t, article.id)).wordpressPostId).toBe(post!.id);

  // And from then on it is an ordinary update.
  expect((await publish(t, cookie, article.id)).json().action).toBe('updated');
  expect(wordpress.posts.size).toBe(1);
});
