import type { Page } from '@playwright/test';
import { apiCall, expect } from './fixtures.js';

/**
 * Articles for the Articles and Dashboard specs, made the way an operator makes them: a site
 * connected to the real WordPress (scripts/wordpress-test-site.sh), then manual generations with
 * the built-in offline writer, each pushed to WordPress as a draft. `cleanUp` removes the posts
 * from WordPress and the site with its articles from the app, so later specs start clean.
 */
export const realWordPress = {
  url: process.env.WP_URL,
  user: process.env.WP_USER,
  password: process.env.WP_APP_PASSWORD,
};
export const realWordPressMissing = !realWordPress.url || !realWordPress.user || !realWordPress.password;

/** Headers for the real WordPress' REST API as its user (seeding and cleaning up posts beside the app). */
export const realWordPressAuth = () => ({
  authorization: `Basic ${Buffer.from(`${realWordPress.user}:${realWordPress.password}`).toString('base64')}`,
  'content-type': 'application/json',
});

/** Adds the real WordPress as a site, as Sites → Add Site does (through the API); returns its id. */
export async function addRealSite(page: Page, name: string): Promise<number> {
  const site = await apiCall<{ id: number }>(page, 'POST', '/api/sites', {
    name,
    url: realWordPress.url,
    username: realWordPress.user,
    password: realWordPress.password,
  });
  expect(site.status, JSON.stringify(site.json)).toBe(201);
  return site.json.id;
}

/** Waits for a site's first content sync (adding a site starts it) to succeed. */
export async function waitForFirstSync(page: Page, siteId: number): Promise<void> {
  await expect
    .poll(async () => (await apiCall<{ state: string }>(page, 'GET', `/api/sites/${siteId}/inventory`)).json.state, {
      timeout: 60_000,
    })
    .toBe('succeeded');
}

/** Removes from the real WordPress the posts a bulk job wrote there (a spec's clean-up; errors ignored). */
export async function deleteBulkJobPosts(page: Page, jobId: string): Promise<void> {
  const results = await apiCall<{ job: { results: { successful: { wordpress_post_id: number | null }[] } } }>(
    page,
    'GET',
    `/api/bulk-jobs/${jobId}/results`,
  );
  for (const item of results.json?.job.results.successful ?? [])
    if (item.wordpress_post_id !== null)
      await fetch(`${realWordPress.url}/wp-json/wp/v2/posts/${item.wordpress_post_id}?force=true`, {
        method: 'DELETE',
        headers: realWordPressAuth(),
      }).catch(() => undefined);
}

export interface SeededSite {
  id: number;
  name: string;
  articleIds: number[];
}

export async function seedSiteWithArticles(page: Page, name: string, count: number): Promise<SeededSite> {
  const site = await apiCall<{ id: number }>(page, 'POST', '/api/sites', {
    name,
    url: realWordPress.url,
    username: realWordPress.user,
    password: realWordPress.password,
    is_active: true,
    content_persona: '',
  });
  if (site.status !== 201) throw new Error(`creating the site answered ${site.status}: ${JSON.stringify(site.json)}`);
  const seeded: SeededSite = { id: site.json.id, name, articleIds: [] };
  const run = Date.now().toString(36);
  for (let i = 1; i <= count; i++) {
    const res = await apiCall<{ data: { article_id: number; publish_error: string | null } }>(
      page,
      'POST',
      '/api/manual/generate',
      {
        topic: `Raised bed gardening tip ${i} (${run})`,
        site_id: seeded.id,
        task_type: 'Blog Post',
        options: { includeImages: false, publishStatus: 'draft', wordCount: 500, persona: '' },
      },
    );
    if (res.status !== 200)
      throw new Error(`generating article ${i} answered ${res.status}: ${JSON.stringify(res.json)}`);
    seeded.articleIds.push(res.json.data.article_id);
  }
  return seeded;
}

/** WordPress posts of the site's articles, then the site and its articles (cascade). */
export async function cleanUp(page: Page, site: SeededSite | null): Promise<void> {
  if (!site) return;
  const list = await apiCall<{ items: { wordpress_post_id: number | null }[] }>(
    page,
    'GET',
    `/api/articles?site_id=${site.id}&limit=100`,
  );
  const auth = `Basic ${Buffer.from(`${realWordPress.user}:${realWordPress.password}`).toString('base64')}`;
  for (const article of list.json?.items ?? []) {
    if (article.wordpress_post_id === null) continue;
    await fetch(`${realWordPress.url}/wp-json/wp/v2/posts/${article.wordpress_post_id}?force=true`, {
      method: 'DELETE',
      headers: { Authorization: auth },
    }).catch(() => undefined);
  }
  await apiCall(page, 'DELETE', `/api/sites/${site.id}?cascade=true`);
  // Cascade deletion runs as a background job: wait until the site is gone.
  for (let i = 0; i < 50; i++) {
    const sites = await apiCall<{ id: number }[]>(page, 'GET', '/api/sites');
    if (!sites.json.some((s) => s.id === site.id)) return;
    await page.waitForTimeout(200);
  }
}

export async function countArticles(page: Page, query = ''): Promise<number> {
  const res = await apiCall<{ total: number }>(page, 'GET', `/api/articles?limit=1${query ? `&${query}` : ''}`);
  return res.json.total;
}
