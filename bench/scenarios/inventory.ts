import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Scenario } from '../scenario.js';
import { benchSitesSql, seedEmbeddedDatabase } from '../seed-database.js';
import { loginCookie, startBenchServer } from '../server-process.js';
import { measure } from './articles.js';

const SITES = 20;
const POSTS_PER_SITE = 5_000;
const TARGET_P95_MS = 50;
const SYNC_SEED_POSTS = 1_000;

/** 20 sites × 5,000 inventory posts (100,000), as synced sites of that size leave them. */
function seed(dataDir: string): Promise<number> {
  return seedEmbeddedDatabase(
    dataDir,
    `${benchSitesSql(SITES)}
    INSERT INTO site_inventory_terms (site_id, taxonomy, wp_id, name, slug, post_count)
      SELECT s, 'category', c, 'Category ' || c, 'category-' || c, ${POSTS_PER_SITE} / 25 FROM generate_series(1, ${SITES}) AS s, generate_series(1, 25) AS c;
    INSERT INTO site_inventory_items (site_id, kind, wp_id, title, slug, link, status, published_at, modified_at, category_ids, author_id, excerpt)
      SELECT s, 'post', i, 'How to ' || (ARRAY['grow','prune','water','harvest','store'])[1 + i % 5] || ' ' || md5(i::text) || ' ' || (ARRAY['squash','tomatoes','roses','basil'])[1 + i % 4],
             'post-' || i, 'https://site-' || s || '.example/post-' || i || '/', 'publish',
             now() - i * interval '1 hour', now() - i * interval '1 hour', ARRAY[1 + i % 25], 1, 'An excerpt of post ' || i
      FROM generate_series(1, ${SITES}) AS s, generate_series(1, ${POSTS_PER_SITE}) AS i;
    INSERT INTO site_inventory_syncs (site_id, state, trigger, last_success_at, post_count)
      SELECT s, 'succeeded', 'schedule', now(), ${POSTS_PER_SITE} FROM generate_series(1, ${SITES}) AS s;`,
    (pglite) => pglite.exec('VACUUM ANALYZE'),
  );
}

async function searchLatency(): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-bench-inventory-'));
  try {
    const figures: Record<string, string> = {
      [`seed ${SITES * POSTS_PER_SITE} inventory posts`]: `${Math.round(await seed(dataDir))} ms`,
    };
    const server = await startBenchServer({ DATA_DIR: dataDir });
    try {
      const cookie = await loginCookie(server.url);
      const endpoints: Array<[string, string]> = [
        ['GET /api/sites/inventory (20 summaries)', '/api/sites/inventory'],
        ['items: first page', '/api/sites/7/inventory/items'],
        ['items: title search', '/api/sites/7/inventory/items?search=squash'],
        ['items: search + category', '/api/sites/7/inventory/items?search=harvest&category=3'],
        ['items: deep page (offset 4900)', '/api/sites/7/inventory/items?limit=100&offset=4900'],
        ['taxonomy', '/api/sites/7/inventory/taxonomy'],
      ];
      const misses: string[] = [];
      for (const [label, url] of endpoints) {
        const { p50, p95, max } = await measure(`${server.url}${url}`, cookie);
        figures[`${label} p50 / p95 / max`] = `${p50.toFixed(1)} / ${p95.toFixed(1)} / ${max.toFixed(1)} ms`;
        if (p95 >= TARGET_P95_MS) misses.push(label);
      }
      figures[`target p95 < ${TARGET_P95_MS} ms`] = misses.length === 0 ? 'met' : `MISSED: ${misses.join(', ')}`;
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Full and incremental sync of the real test WordPress (scripts/wordpress-test-site.sh), seeded with 1,000 posts. */
async function syncThroughput(): Promise<Record<string, string>> {
  const wp = { url: process.env.WP_URL, user: process.env.WP_USER, password: process.env.WP_APP_PASSWORD };
  if (!wp.url || !wp.user || !wp.password)
    return { 'sync against the real WordPress': 'skipped: eval "$(bash scripts/wordpress-test-site.sh)" first' };
  const auth = {
    authorization: `Basic ${Buffer.from(`${wp.user}:${wp.password}`).toString('base64')}`,
    'content-type': 'application/json',
  };
  const batch = async (requests: unknown[]) => {
    const res = await fetch(`${wp.url}/wp-json/batch/v1`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ requests }),
    });
    return ((await res.json()) as { responses: Array<{ body: { id: number } }> }).responses.map((r) => r.body.id);
  };
  const ids: number[] = [];
  for (let i = 0; i < SYNC_SEED_POSTS; i += 25) {
    ids.push(
      ...(await batch(
        Array.from({ length: 25 }, (_, j) => ({
          method: 'POST',
          path: '/wp/v2/posts',
          body: { title: `Bench post ${i + j}`, status: 'publish', excerpt: 'Bench' },
        })),
      )),
    );
  }
  const server = await startBenchServer();
  try {
    const cookie = await loginCookie(server.url);
    const headers = { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    const site = (await (
      await fetch(`${server.url}/api/sites`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Bench', url: wp.url, username: wp.user, password: wp.password }),
      })
    ).json()) as { id: number };
    const sync = async () => {
      const t0 = performance.now();
      const asked = await fetch(`${server.url}/api/sites/${site.id}/inventory/sync`, {
        method: 'POST',
        headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
      });
      if (asked.status !== 202) throw new Error(`sync answered ${asked.status}: ${await asked.text()}`);
      for (;;) {
        const summary = (await (await fetch(`${server.url}/api/sites/${site.id}/inventory`, { headers })).json()) as {
          state: string;
          fetched: number;
          posts: number;
          error: string | null;
        };
        if (summary.state === 'succeeded' || summary.state === 'failed')
          return { ...summary, ms: performance.now() - t0 };
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const full = await sync();
    if (full.state !== 'succeeded') return { 'sync against the real WordPress': `failed: ${full.error}` };
    await new Promise((r) => setTimeout(r, 2_100)); // past the 2 s overlap of the incremental cursor
    await fetch(`${wp.url}/wp-json/wp/v2/posts/${ids[0]}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ title: 'Bench post, edited' }),
    });
    const incremental = await sync();
    return {
      'full sync (posts on the site)': `${full.posts} posts in ${Math.round(full.ms)} ms = ${Math.round(full.fetched / (full.ms / 1000))} posts/s`,
      'incremental sync after one edit': `${incremental.fetched} read again, ${Math.round(incremental.ms)} ms`,
    };
  } finally {
    await server.stop();
    for (let i = 0; i < ids.length; i += 25)
      await batch(ids.slice(i, i + 25).map((id) => ({ method: 'DELETE', path: `/wp/v2/posts/${id}?force=true` })));
  }
}

export const inventoryScenario: Scenario = {
  name: 'inventory',
  description: `site inventory: browse and search with ${SITES} sites × ${POSTS_PER_SITE.toLocaleString('en')} posts (embedded database, built server over HTTP); sync throughput against the real WordPress`,
  async run() {
    return { ...(await searchLatency()), ...(await syncThroughput()) };
  },
};
